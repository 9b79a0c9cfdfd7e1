import { useCallback, useEffect, useId, useState } from 'react'
import styled from 'styled-components'
import type { CaseVersionSummary } from '../../../schemas/api/case-versions.ts'
import type { CaseView } from '../../../schemas/content.ts'
import { errorMessage } from '../../api/client.ts'
import { fetchCaseVersions, restoreCaseVersion } from '../../api/case-versions.ts'
import { Alert } from '../../components/Alert.tsx'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { SmallButton } from '../controls.tsx'
import { Modal } from '../Modal.tsx'
import { theme } from '../../theme.ts'
import { VersionCompare } from './VersionCompare.tsx'

interface HistoryProps {
  item: CaseView
  /** The case as the restore saved it, for the case list. */
  onRestored: (saved: CaseView) => void
}

/** A case row's "History": the button, and the dialog it opens. */
export function CaseHistoryButton({ item, onRestored }: HistoryProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <SmallButton type="button" $variant="secondary" onClick={() => setOpen(true)} aria-label={`History of ${item.title}`}>
        History
      </SmallButton>
      {open && <CaseHistoryDialog item={item} onRestored={onRestored} onClose={() => setOpen(false)} />}
    </>
  )
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * Every version of the case (issue 35, item 2), newest first, two of them compared, and any earlier one restored:
 * saved again as the newest version, so the history only grows and what a session played stays as it was.
 */
function CaseHistoryDialog({ item, onRestored, onClose }: HistoryProps & { onClose: () => void }) {
  const [versions, setVersions] = useState<CaseVersionSummary[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [restoring, setRestoring] = useState<number | null>(null)
  const [restored, setRestored] = useState<string | null>(null)
  const headingId = useId()

  const load = useCallback(async () => {
    setLoadError(null)
    try {
      setVersions(await fetchCaseVersions(item.id))
    } catch (failure) {
      setLoadError(errorMessage(failure, "Could not load this case's history. Please try again."))
    }
  }, [item.id])

  useEffect(() => {
    void load()
  }, [load])

  const newest = versions?.[0]?.version ?? 0
  const restore = async () => {
    if (restoring === null) return
    const saved = await restoreCaseVersion(item.id, restoring)
    onRestored(saved)
    setRestored(`Version ${restoring} restored: it is now version ${saved.version}.`)
    setRestoring(null)
    await load()
  }

  return (
    <Modal title={`History of "${item.title}"`} wide onRequestClose={onClose}>
      {loadError && (
        <Alert tone="error">
          {loadError}{' '}
          <SmallButton type="button" $variant="secondary" onClick={() => void load()}>
            Try again
          </SmallButton>
        </Alert>
      )}
      {!versions && !loadError && <p role="status">Loading versions…</p>}
      {restored && <Alert tone="success">{restored}</Alert>}
      {versions && (
        <>
          <section aria-labelledby={headingId}>
            <h3 id={headingId}>Versions</h3>
            <Versions>
              {versions.map((entry) => (
                <li key={entry.version}>
                  <Summary>
                    <strong>
                      Version {entry.version}
                      {entry.version === newest && ' (current)'}
                    </strong>
                    <Meta>
                      {when.format(new Date(entry.savedAt))}, {entry.savedBy ? `by ${entry.savedBy}` : 'by the demo bank, an import or a deleted account'}
                    </Meta>
                    <span>{entry.title}</span>
                  </Summary>
                  {entry.version !== newest && (
                    <SmallButton type="button" $variant="secondary" onClick={() => setRestoring(entry.version)}>
                      Restore version {entry.version}
                    </SmallButton>
                  )}
                </li>
              ))}
            </Versions>
          </section>
          {versions.length > 1 ? (
            // A new version (a restore) starts the comparison again from the one before it and the current.
            <VersionCompare key={newest} caseId={item.id} versions={versions} />
          ) : (
            <p>This case has one version so far: there is nothing to compare yet.</p>
          )}
        </>
      )}
      {restoring !== null && (
        <ConfirmDialog
          title={`Restore version ${restoring}?`}
          confirmLabel={`Restore version ${restoring}`}
          failureMessage="Could not restore this version. Please try again."
          onConfirm={restore}
          onCancel={() => setRestoring(null)}
        >
          This saves version {restoring}'s text as version {newest + 1}; sessions already played keep what they played.
        </ConfirmDialog>
      )}
    </Modal>
  )
}

const Versions = styled.ol`
  margin: 0 0 20px;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 8px;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px 12px;
    padding: 10px 12px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.small};
  }
`

const Summary = styled.div`
  display: grid;
  gap: 2px;
  flex: 1 1 220px;
  min-width: 0;
  overflow-wrap: anywhere;
`

const Meta = styled.span`
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
