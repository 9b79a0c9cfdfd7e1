import { useId, useState, type ChangeEvent } from 'react'
import styled from 'styled-components'
import type { ImportResult } from '../../../schemas/packs/case-pack.ts'
import { CASE_PACK_SCHEMA_URL, exportCaseBank, importCasePack } from '../../api/case-packs.ts'
import { ApiError, errorMessage } from '../../api/client.ts'
import { Alert } from '../../components/Alert.tsx'
import { BusyButton } from '../../components/Button.tsx'
import { Field, Label } from '../../forms/TextField.tsx'
import { theme } from '../../theme.ts'
import type { CaseBank } from '../useCaseBank.ts'

type Outcome = { tone: 'success'; result: ImportResult } | { tone: 'error'; message: string; fields: Array<[path: string, message: string]> }

/**
 * Case packs (issue 35, item 4): the whole bank downloaded as one JSON file, and a pack imported from a file. An
 * import is all or nothing and matched by each case's key, so the admin may import the same pack again safely.
 */
export function CasePacks({ bank }: { bank: CaseBank }) {
  const fileId = useId()
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const download = async () => {
    setExporting(true)
    setExportError(null)
    try {
      await exportCaseBank()
    } catch (failure) {
      setExportError(errorMessage(failure, 'Failed to export the bank. Please try again.'))
    } finally {
      setExporting(false)
    }
  }

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Cleared at once, so choosing the same file again (after fixing it) fires another change.
    event.target.value = ''
    if (!file) return
    setOutcome(null)
    setProgress(0)
    try {
      const result = await importCasePack(await file.text(), setProgress)
      setOutcome({ tone: 'success', result })
      await bank.reload({ quiet: true })
    } catch (failure) {
      setOutcome(refusal(failure))
    } finally {
      setProgress(null)
    }
  }

  return (
    <Box aria-labelledby="case-packs-heading">
      <h3 id="case-packs-heading">Case packs</h3>
      <Hint>
        The whole bank as one JSON file, its images inside, to keep or to take to another server; or a pack brought in. Cases are
        matched by their key, so importing the same pack twice changes nothing. The format: <a href={CASE_PACK_SCHEMA_URL}>JSON Schema</a>.
      </Hint>
      {exportError && <Alert tone="error">{exportError}</Alert>}
      <Row>
        <BusyButton type="button" $variant="secondary" onClick={download} busy={exporting}>
          {exporting ? 'Preparing the pack...' : 'Export the bank'}
        </BusyButton>
        <Field>
          <Label htmlFor={fileId}>Import a pack</Label>
          <FileInput id={fileId} type="file" accept="application/json,.json" onChange={onFile} disabled={progress !== null} />
        </Field>
      </Row>
      {progress !== null && (
        <Uploading role="status">
          <progress value={progress} max={1} aria-label="Import progress" />
          {progress < 1 ? `Uploading the pack... ${Math.round(progress * 100)}%` : 'Importing...'}
        </Uploading>
      )}
      {outcome?.tone === 'success' && (
        <Alert tone="success">
          Created {outcome.result.created.length}, updated {outcome.result.updated.length}, unchanged {outcome.result.unchanged.length}.
        </Alert>
      )}
      {outcome?.tone === 'error' && (
        <Alert tone="error">
          {outcome.message}
          {outcome.fields.length > 0 && (
            <ul>
              {outcome.fields.map(([path, message]) => (
                <li key={path}>
                  <code>{path}</code>: {message}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </Box>
  )
}

/** The server's sentence, with every invalid field it named (a refused pack lists them all by path). */
function refusal(failure: unknown): Outcome {
  const fields = failure instanceof ApiError ? Object.entries(failure.validationErrors ?? {}) : []
  return { tone: 'error', message: errorMessage(failure, 'Failed to import the pack. Please try again.'), fields }
}

const Box = styled.section`
  margin: 0 0 20px;
  padding: 12px 16px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.small};
  background: ${theme.color.surface};
  h3 { margin: 0 0 4px; font-size: 1.05rem; }
  ul { margin: 8px 0 0; padding-left: 20px; max-height: 240px; overflow-y: auto; }
  code { overflow-wrap: anywhere; }
`

const Hint = styled.p`
  margin: 0 0 12px;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`

/** Side by side on wide screens, stacked on phones. */
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 24px;
  align-items: flex-end;
  > button { margin-bottom: 16px; }
  > div { flex: 1 1 220px; min-width: 0; }
`

const FileInput = styled.input`
  min-height: 44px;
  padding: 8px 0;
  max-width: 100%;
`

const Uploading = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  margin-bottom: 12px;
  progress { flex: 1; max-width: 240px; height: 12px; }
`
