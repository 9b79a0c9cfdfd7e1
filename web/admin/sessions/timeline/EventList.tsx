import { useEffect, useRef } from 'react'
import styled from 'styled-components'
import type { AdminTimelineEntry } from '../../../../schemas/api/admin-sessions.ts'
import { PHASE_LABEL } from '../../../../schemas/labels.ts'
import { ToggleButton } from '../../../components/ToggleButton.tsx'
import { theme } from '../../../theme.ts'
import { deadlineWords, fromStartWords } from './timeline-steps.ts'
import { useMomentWords } from './useMomentWords.ts'

/**
 * Every event of the session's log in order: when (the time of day and the time since the start), who sent it,
 * what it means in a sentence, the phase after it, and for an event that starts a timed phase its deadline against
 * when the next phase began. Each has its button to show the session as it stood right after it.
 */
export function EventList({ entries, chosen, onChoose }: { entries: AdminTimelineEntry[]; chosen: number | null; onChoose: (version: number) => void }) {
  const { time, dateTime } = useMomentWords()
  const scroller = useRef<HTMLDivElement>(null)

  // A step taken with Previous / Next (or opened from a link) brings its event into the list's view; only the list
  // scrolls, never the page, so on a phone the state being read below stays where it is.
  useEffect(() => {
    const box = scroller.current
    const item = box?.querySelector<HTMLElement>('[aria-current="step"]')
    if (!box || !item) return
    // The box is positioned, so an item's offsetTop is measured from the box's own top.
    const top = item.offsetTop
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = Math.max(0, top - box.clientHeight / 3)
  }, [chosen])

  return (
    <section aria-labelledby="timeline-events-heading">
      <h2 id="timeline-events-heading">Events ({entries.length})</h2>
      <Scroller ref={scroller}>
        <Events>
          {entries.map((entry) => {
            const sentenceId = `timeline-event-${entry.version}`
            const isChosen = entry.version === chosen
            return (
              <Event key={entry.version} aria-current={isChosen ? 'step' : undefined} $chosen={isChosen}>
                <When>
                  <Version>Version {entry.version}</Version>
                  <time dateTime={entry.happenedAt} title={dateTime(entry.happenedAt)}>
                    {time(entry.happenedAt)}
                  </time>
                  <span>
                    {fromStartWords(entry.msFromStart)}
                    <span className="visually-hidden"> from the start</span>
                  </span>
                </When>
                <Sentence id={sentenceId}>{entry.sentence}</Sentence>
                <Facts>
                  By {entry.actor ? entry.actor.name : 'the session clock'} · Phase after: {PHASE_LABEL[entry.phaseAfter]}
                </Facts>
                {entry.deadline && <Deadline>{deadlineWords(entry.deadline, time)}</Deadline>}
                <ToggleButton pressed={isChosen} aria-describedby={sentenceId} onClick={() => onChoose(entry.version)}>
                  Show the session after this event
                </ToggleButton>
              </Event>
            )
          })}
        </Events>
      </Scroller>
    </section>
  )
}

/** The list scrolls inside itself, so the state beside it (or below it on a phone) is never a long scroll away. */
const Scroller = styled.div`
  position: relative;
  max-height: calc(100vh - 160px);
  overflow-y: auto;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.small};
  background: ${theme.color.surface};
  @media (max-width: 900px) {
    max-height: 60vh;
  }
`

const Events = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`

const Event = styled.li<{ $chosen: boolean }>`
  padding: 10px 12px;
  border-bottom: 1px solid ${theme.color.border};
  border-left: 4px solid ${({ $chosen }) => ($chosen ? theme.color.primary : 'transparent')};
  background: ${({ $chosen }) => ($chosen ? theme.color.primarySoft : 'transparent')};
  p { margin: 0 0 4px; overflow-wrap: anywhere; }
`

const When = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  color: ${theme.color.muted};
  font-size: 0.85rem;
  font-variant-numeric: tabular-nums;
`

const Version = styled.span`
  font-weight: 700;
  color: ${theme.color.text};
`

const Sentence = styled.p`
  font-weight: 600;
`

const Facts = styled.p`
  font-size: 0.9rem;
`

const Deadline = styled.p`
  font-size: 0.9rem;
  color: ${theme.color.warning};
`
