import styled from 'styled-components'
import type { RoundNotes } from '../../schemas/debrief.ts'
import { CHECKLIST_MARK_LABEL } from '../../schemas/labels.ts'
import { DOMAIN_TEXT } from '../../schemas/marking.ts'
import { formatClock } from '../session/room/timer.ts'
import { theme } from '../theme.ts'
import { anyFactTold, anyMarks, examinersOf, factsNotUncovered, missedByDomain } from './round-notes.ts'
import { ScoreTable } from './ScoreTable.tsx'

const when = (second: number | null) => (second === null ? 'after the bell' : formatClock(second))

/**
 * The round in time (issue 32): every mark and told fact at its minute, the checklist with each examiner's marks
 * side by side, and what was missed per domain. Shown to the doctor only once the round is over (the server's rule).
 */
export function RoundNotesCard({ notes }: { notes: RoundNotes }) {
  const examiners = examinersOf(notes)
  const missed = anyMarks(notes) ? missedByDomain(notes) : []
  const unasked = anyFactTold(notes) ? factsNotUncovered(notes) : []
  return (
    <section aria-labelledby="round-notes-heading">
      <h2 id="round-notes-heading">The consultation in time</h2>
      {notes.timeline.length === 0 ? (
        <Muted>Nothing was noted during this round.</Muted>
      ) : (
        <Timeline aria-label="Notes in the order made">
          {notes.timeline.map((entry, index) => (
            <li key={index}>
              <Time>{when(entry.second)}</Time>{' '}
              {entry.kind === 'MARK' ? `${entry.by} marked "${entry.text}": ${CHECKLIST_MARK_LABEL[entry.mark ?? 'NOT_DONE']}` : entry.kind === 'FACT' ? `${entry.by} told: ${entry.text}` : `${entry.by} took back: ${entry.text}`}
            </li>
          ))}
        </Timeline>
      )}
      <h3>What was missed</h3>
      {!anyMarks(notes) && !anyFactTold(notes) ? (
        <p>Nobody marked the checklist or ticked the facts in this round, so nothing can be said about what was missed.</p>
      ) : missed.length === 0 && unasked.length === 0 ? (
        <p>{anyMarks(notes) ? 'Every checklist item was marked done by an examiner.' : 'The examiner did not mark the checklist.'}</p>
      ) : (
        <>
          {missed.map((group) => (
            <div key={group.domain}>
              <h4>{DOMAIN_TEXT[group.domain].short}</h4>
              <ul>
                {group.items.map((item) => (
                  <li key={item.item}>
                    {item.item} <Muted as="span">({item.marks})</Muted>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {unasked.length > 0 && (
            <div>
              <h4>Facts you did not ask for</h4>
              <ul>
                {unasked.map((fact) => (
                  <li key={fact.id}>{fact.text}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
      {examiners.length > 0 && (
        <ScoreTable
          caption="Checklist, each examiner's marks"
          headings={examiners.map((examiner) => examiner.heading)}
          rows={notes.checklist.map((item) => ({
            key: item.id,
            name: `${DOMAIN_TEXT[item.domain].short}: ${item.item}`,
            cells: examiners.map((examiner) => {
              const mark = item.marks.find((given) => given.userId === examiner.userId)
              return mark ? `${CHECKLIST_MARK_LABEL[mark.mark]} (${when(mark.second)})` : '–'
            }),
          }))}
        />
      )}
    </section>
  )
}

const Timeline = styled.ol`
  padding-left: 20px;
  li { margin: 4px 0; overflow-wrap: anywhere; }
`

const Time = styled.span`
  font-variant-numeric: tabular-nums;
  font-weight: 600;
`

const Muted = styled.p`
  color: ${theme.color.muted};
`
