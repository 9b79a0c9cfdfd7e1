import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { observerCaseView } from '../../schemas/case-views.ts'
import type { CaseView } from '../../schemas/content.ts'
import { fetchCaseVersion } from '../api/case-versions.ts'
import { API_BASE, errorMessage } from '../api/client.ts'
import { Modal } from '../admin/Modal.tsx'
import { Alert } from '../components/Alert.tsx'
import { FormattedCaseText } from '../components/case-text/FormattedCaseText.tsx'
import { CaseNotes } from '../session/CaseNotes.tsx'
import { findingsOf, imageSource } from '../session/room/case-content.ts'

/**
 * A case as it was at one version, read-only: what the reporter played. The observer's view is the whole case
 * (both sides, the title and the mark scheme's notes), so it is what a reviewer reads.
 */
export function CaseVersionDialog({ caseId, version, onClose }: { caseId: number; version: number; onClose: () => void }) {
  const [shown, setShown] = useState<CaseView | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    fetchCaseVersion(caseId, version, controller.signal).then(setShown, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(errorMessage(error, 'This version could not be loaded. Please try again.'))
    })
    return () => controller.abort()
  }, [caseId, version])

  const view = shown && observerCaseView(shown)
  const findings = findingsOf(view)
  return (
    <Modal title={`Case ${caseId}, version ${version}`} onRequestClose={onClose} wide>
      {failure && <Alert tone="error">{failure}</Alert>}
      {!failure && !view && <p role="status">Loading version {version}…</p>}
      {view && (
        <>
          <CaseNotes view={view} />
          <h3>Examination findings</h3>
          {!findings ? (
            <p>This version has no examination findings.</p>
          ) : findings.kind === 'image' ? (
            <Picture src={imageSource(findings.content, API_BASE)} alt="Examination findings" />
          ) : (
            <FormattedCaseText text={findings.content} />
          )}
          <h3>Mark scheme</h3>
          <ol>
            {[...view.feedbackCriteria].sort((a, b) => a.order - b.order).map((criterion) => (
              <li key={criterion.id}>
                {criterion.name}
                {criterion.subCriteria.length > 0 && (
                  <ul>
                    {criterion.subCriteria.map((sub) => (
                      <li key={sub.id}>{sub.name}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </Modal>
  )
}

const Picture = styled.img`
  display: block;
  max-width: 100%;
  max-height: 60vh;
`
