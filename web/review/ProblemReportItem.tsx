import { useId, useRef, useState, type ChangeEvent } from 'react'
import styled from 'styled-components'
import { DETAILS_MAX } from '../../schemas/case-feedback.ts'
import { REPORT_STATUS_LABELS, ResolveReportBody, type ProblemReportView } from '../../schemas/problem-reports.ts'
import { validate } from '../../schemas/validate.ts'
import { useAuth } from '../account/AuthContext.tsx'
import { caseFeedbackApi } from '../api/case-feedback.ts'
import { errorMessage } from '../api/client.ts'
import { SmallButton } from '../admin/controls.tsx'
import { ReportTimelineLink } from '../admin/sessions/TimelineLink.tsx'
import { Alert } from '../components/Alert.tsx'
import { BusyButton } from '../components/Button.tsx'
import { ErrorText, Field, Input, Label } from '../forms/TextField.tsx'
import { closedText, dayText, kindText, reporterText, sourceText, versionText } from './report-text.ts'
import { ReportCard, ReportClosing, ReportFacts, ReportWords } from '../components/ReportCard.ts'

interface Props {
  report: ProblemReportView
  onClosed: (report: ProblemReportView) => void
  onViewVersion: (report: ProblemReportView) => void
}

/**
 * One report in the queue: what was reported about which version, by whom and where; open ones can be closed. An
 * admin also gets the session's timeline at the report's moment (reviewers who are not admins may not read it).
 */
export function ProblemReportItem({ report, onClosed, onViewVersion }: Props) {
  const headingId = useId()
  const closed = closedText(report)
  const isAdmin = useAuth().user?.role === 'ADMIN'
  const sessionCode = report.source.kind === 'SESSION' ? report.source.sessionCode : null
  return (
    <ReportCard aria-labelledby={headingId} $open={report.status === 'OPEN'}>
      <h3 id={headingId}>
        {kindText(report)}: {report.caseTitle}
      </h3>
      <ReportFacts>
        <dt>Status</dt>
        <dd>{closed ?? REPORT_STATUS_LABELS[report.status]}</dd>
        <dt>Case</dt>
        <dd>
          #{report.caseId}, {versionText(report)}{' '}
          <SmallButton type="button" $variant="secondary" onClick={() => onViewVersion(report)}>
            View version {report.caseVersion}
          </SmallButton>
        </dd>
        <dt>Reported by</dt>
        <dd>
          {reporterText(report)} on {dayText(report.createdAt)}
        </dd>
        <dt>Where</dt>
        <dd>
          {sourceText(report.source)}
          {isAdmin && sessionCode && (
            <>
              {' '}
              <ReportTimelineLink code={sessionCode} reportedAt={report.createdAt} />
            </>
          )}
        </dd>
      </ReportFacts>
      <ReportWords>{report.details || <em>No details given.</em>}</ReportWords>
      {report.resolutionNote && <ReportWords>Reviewer&apos;s note: {report.resolutionNote}</ReportWords>}
      {report.status === 'OPEN' && <CloseReportForm report={report} onClosed={onClosed} />}
    </ReportCard>
  )
}

/** Resolve (put right, or nothing needed) or dismiss with a note saying why; the note is kept with the report. */
function CloseReportForm({ report, onClosed }: { report: ProblemReportView; onClosed: (report: ProblemReportView) => void }) {
  const noteId = useId()
  const [note, setNote] = useState('')
  const [noteError, setNoteError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState<'RESOLVED' | 'DISMISSED' | null>(null)
  const noteField = useRef<HTMLTextAreaElement>(null)

  async function close(status: 'RESOLVED' | 'DISMISSED') {
    const checked = validate(ResolveReportBody, { status, note })
    setFailure(null)
    setNoteError(checked.ok ? null : (checked.errors.note ?? Object.values(checked.errors)[0]))
    if (!checked.ok) {
      noteField.current?.focus()
      return
    }
    setBusy(status)
    try {
      const answer = await caseFeedbackApi.resolve(report.id, { status, note })
      onClosed(answer.report)
    } catch (error) {
      setFailure(errorMessage(error, 'The report could not be closed. Please try again.'))
    } finally {
      setBusy(null)
    }
  }

  return (
    <ReportClosing>
      <Field>
        <Label htmlFor={noteId}>Note (required to dismiss)</Label>
        <Input
          as="textarea"
          ref={noteField}
          id={noteId}
          rows={2}
          maxLength={DETAILS_MAX}
          value={note}
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setNote(event.target.value)}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${noteId}-error` : undefined}
          $invalid={Boolean(noteError)}
        />
        {noteError && <ErrorText id={`${noteId}-error`}>{noteError}</ErrorText>}
      </Field>
      {failure && <Alert tone="error">{failure}</Alert>}
      <Actions>
        <BusyButton type="button" busy={busy !== null} onClick={() => void close('RESOLVED')}>
          {busy === 'RESOLVED' ? 'Resolving…' : 'Resolve'}
        </BusyButton>
        <BusyButton type="button" $variant="secondary" busy={busy !== null} onClick={() => void close('DISMISSED')}>
          {busy === 'DISMISSED' ? 'Dismissing…' : 'Dismiss'}
        </BusyButton>
      </Actions>
    </ReportClosing>
  )
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`
