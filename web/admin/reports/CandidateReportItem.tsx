import { useId, useRef, useState, type ChangeEvent } from 'react'
import { CloseCandidateReportBody, REPORT_DETAILS_MAX, REPORT_REASON_LABELS, type CandidateReportView } from '../../../schemas/partners/safety.ts'
import { validate } from '../../../schemas/validate.ts'
import { errorMessage } from '../../api/client.ts'
import { safetyApi } from '../../api/safety.ts'
import { timeFor } from '../../board/times.ts'
import { Alert } from '../../components/Alert.tsx'
import { BusyButton } from '../../components/Button.tsx'
import { ErrorText, Field, Input, Label } from '../../forms/TextField.tsx'
import { ReportCard, ReportClosing, ReportFacts, ReportWords } from '../../components/ReportCard.ts'
import { ReportTimelineLink } from '../sessions/TimelineLink.tsx'

interface Props {
  report: CandidateReportView
  zone: string
  onClosed: (report: CandidateReportView) => void
}

/** One report: who reported whom, why, when and in which session (a link to its timeline then); an open one can be closed. */
export function CandidateReportItem({ report, zone, onClosed }: Props) {
  const headingId = useId()
  return (
    <ReportCard aria-labelledby={headingId} $open={report.status === 'OPEN'}>
      <h2 id={headingId}>
        {REPORT_REASON_LABELS[report.reason]}: {report.reported.name}
      </h2>
      <ReportFacts>
        <dt>Status</dt>
        <dd>{report.status === 'OPEN' ? 'Open' : `Closed by ${report.closedByName ?? 'a former administrator'}${report.closedAt ? ` on ${timeFor(report.closedAt, zone, { length: 'short' })}` : ''}`}</dd>
        <dt>Reported</dt>
        <dd>
          {report.reported.name} (#{report.reported.id}) &lt;{report.reported.email}&gt;
        </dd>
        <dt>By</dt>
        <dd>
          {report.reporter.name} (#{report.reporter.id}) on <time dateTime={report.createdAt}>{timeFor(report.createdAt, zone, { length: 'short' })}</time>
        </dd>
        <dt>Session</dt>
        <dd>{report.session ? (report.session.code ?? `#${report.session.id}, since removed`) : 'None named (a time they agreed)'}</dd>
      </ReportFacts>
      <ReportWords>{report.details || <em>No details given.</em>}</ReportWords>
      {report.session?.code && (
        <ReportWords>
          <ReportTimelineLink code={report.session.code} reportedAt={report.createdAt} />
        </ReportWords>
      )}
      {report.adminNote && <ReportWords>Admin&apos;s note: {report.adminNote}</ReportWords>}
      {report.status === 'OPEN' && <CloseReportForm report={report} onClosed={onClosed} />}
    </ReportCard>
  )
}

/** Close with a note saying what was done; the note is kept with the report. */
function CloseReportForm({ report, onClosed }: { report: CandidateReportView; onClosed: (report: CandidateReportView) => void }) {
  const noteId = useId()
  const [note, setNote] = useState('')
  const [noteError, setNoteError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const noteField = useRef<HTMLTextAreaElement>(null)

  async function close() {
    const checked = validate(CloseCandidateReportBody, { note })
    setFailure(null)
    setNoteError(checked.ok ? null : (checked.errors.note ?? Object.values(checked.errors)[0]))
    if (!checked.ok) {
      noteField.current?.focus()
      return
    }
    setBusy(true)
    try {
      onClosed((await safetyApi.closeReport(report.id, { note })).report)
    } catch (error) {
      setFailure(errorMessage(error, 'The report could not be closed. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <ReportClosing>
      <Field>
        <Label htmlFor={noteId}>What was done (kept with the report)</Label>
        <Input
          as="textarea"
          ref={noteField}
          id={noteId}
          rows={2}
          maxLength={REPORT_DETAILS_MAX}
          value={note}
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setNote(event.target.value)}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${noteId}-error` : undefined}
          $invalid={Boolean(noteError)}
        />
        {noteError && <ErrorText id={`${noteId}-error`}>{noteError}</ErrorText>}
      </Field>
      {failure && <Alert tone="error">{failure}</Alert>}
      <BusyButton type="button" busy={busy} onClick={() => void close()}>
        {busy ? 'Closing…' : 'Close the report'}
      </BusyButton>
    </ReportClosing>
  )
}
