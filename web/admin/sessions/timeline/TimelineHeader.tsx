import { useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { adminSessionContracts, type AdminTimeline } from '../../../../schemas/api/admin-sessions.ts'
import { pathOf } from '../../../../schemas/api/contract.ts'
import { errorMessage } from '../../../api/client.ts'
import { downloadFile } from '../../../api/transfer.ts'
import { Alert } from '../../../components/Alert.tsx'
import { BusyButton } from '../../../components/Button.tsx'
import { theme } from '../../../theme.ts'
import { useShownZone } from '../../../board/times.ts'
import { roundsPlayed } from '../../../../schemas/session/rounds-played.ts'
import { SESSIONS_TAB } from './timeline-steps.ts'
import { useMomentWords } from './useMomentWords.ts'

/** An address for a round's printable summary (its own page): made to be shared with the candidates concerned. */
const roundSummaryHref = (code: string, round: number) => `/admin/sessions/${encodeURIComponent(code)}/rounds/${round}`

/**
 * The timeline's top: which session, when its log starts and ends, the log to download as JSON (the same file as
 * `npm run replay -- CODE --json`), and a printable summary of each round it played.
 */
export function TimelineHeader({ timeline }: { timeline: AdminTimeline }) {
  const { dateTime } = useMomentWords()
  const zone = useShownZone()
  const { code, title, entries } = timeline
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState<string | null>(null)
  const rounds = roundsPlayed(entries)
  const first = entries[0]
  const last = entries[entries.length - 1]

  // The API takes its token in a header, which a plain link cannot send: the file is fetched, then saved.
  const exportLog = async () => {
    setExporting(true)
    setExportError(null)
    try {
      await downloadFile(pathOf(adminSessionContracts.exportLog.path, { code }), `session-${code}.json`)
    } catch (failure) {
      setExportError(errorMessage(failure, 'The log could not be exported. Please try again.'))
    } finally {
      setExporting(false)
    }
  }

  return (
    <header>
      <Back>
        <Link href={SESSIONS_TAB}>Back to the Sessions tab</Link>
      </Back>
      <h1>
        Session {code}
        {title && `: ${title}`}
      </h1>
      {first && last ? (
        <Meta>
          {entries.length} events, from <time dateTime={first.happenedAt}>{dateTime(first.happenedAt)}</time> to{' '}
          <time dateTime={last.happenedAt}>{dateTime(last.happenedAt)}</time>, in {zone} time.
        </Meta>
      ) : (
        <Meta>The log holds no events.</Meta>
      )}
      {exportError && <Alert tone="error">{exportError}</Alert>}
      <Tools>
        <BusyButton type="button" $variant="secondary" busy={exporting} onClick={() => void exportLog()}>
          {exporting ? 'Exporting the log…' : 'Export log (JSON)'}
        </BusyButton>
        {rounds.length > 0 && (
          <Rounds aria-label="Round summaries">
            {rounds.map((round) => (
              <li key={round}>
                <Link href={roundSummaryHref(code, round)}>Printable summary of round {round}</Link>
              </li>
            ))}
          </Rounds>
        )}
      </Tools>
    </header>
  )
}

const Back = styled.p`
  margin: 0 0 8px;
`

const Meta = styled.p`
  color: ${theme.color.muted};
`

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  align-items: center;
  margin-bottom: 16px;
`

const Rounds = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 0;
  padding: 0;
  list-style: none;
  a { display: inline-flex; align-items: center; min-height: 44px; }
`
