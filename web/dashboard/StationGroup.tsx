import { useId, useState, type ReactNode } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { JUDGEMENT_TEXT } from '../../schemas/marking.ts'
import { MAX_STATION_SCORE } from '../../schemas/session/station-result.ts'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { dateFor, useShownZone } from '../board/times.ts'
import { Button } from '../components/Button.tsx'
import { RoleBadge } from '../session/RoleBadge.tsx'
import { debriefPath } from '../session/SessionCode.tsx'
import { theme } from '../theme.ts'
import type { Station } from './stations.ts'

export type RenderCard = (item: FeedbackReceivedItem, disagreements: ReadonlySet<string>) => ReactNode

/**
 * One station (a session's round): at a glance each rater's score out of 12 and judgement, then the raters'
 * sheets side by side behind a disclosure button, folded at first: eight open sheets for four stations made a
 * 16,729 px dashboard on a phone (issue 29).
 */
export function StationGroup({ station, initiallyOpen, renderCard }: { station: Station; initiallyOpen: boolean; renderCard: RenderCard }) {
  const zone = useShownZone()
  const [open, setOpen] = useState(initiallyOpen)
  const id = useId()
  const [first] = station.items
  const count = station.disagreements.size
  const where = `${first.caseTitle}, round ${first.roundNumber}`
  return (
    <Group aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>
        {first.caseTitle} <small>· Round {first.roundNumber}</small>
      </h3>
      <Meta>
        <span>{first.category}</span>
        <time dateTime={first.timestamp}>{dateFor(first.timestamp, zone)}</time>
      </Meta>
      <Glance aria-label={`Scores out of ${MAX_STATION_SCORE}`}>
        {station.items.map((item) => (
          <li key={item.id}>
            <RoleBadge role={item.fromUserRole} />
            <Rater>{item.fromUser}</Rater>
            <Marks>
              <strong>{item.stationScore === null ? 'no score' : `${item.stationScore} / ${MAX_STATION_SCORE}`}</strong>
              {item.globalJudgement && ` · ${JUDGEMENT_TEXT[item.globalJudgement].label}`}
            </Marks>
          </li>
        ))}
      </Glance>
      {count > 0 && (
        <Talk>
          {count === 1 ? 'One score differs' : `${count} scores differ`} by 2 or more between the raters: marked “Disagreement” in the scores.
        </Talk>
      )}
      <Actions>
        <Disclosure type="button" $variant="secondary" aria-expanded={open} aria-controls={`${id}-raters`} onClick={() => setOpen(!open)}>
          <Chevron aria-hidden="true" $open={open} />
          <span>
            Scores and comments<span className="visually-hidden"> for {where}</span>
          </span>
        </Disclosure>
        {first.caseId !== null && (
          <Link href={debriefPath(first.sessionCode, first.roundNumber)}>
            Open the debrief<span className="visually-hidden"> of {where}</span>
          </Link>
        )}
      </Actions>
      <Raters id={`${id}-raters`} hidden={!open} $count={station.items.length}>
        {station.items.map((item) => renderCard(item, station.disagreements))}
      </Raters>
    </Group>
  )
}

const Group = styled.li`
  min-width: 0;
  padding: 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  h3 { margin: 0 0 4px; font-size: 1.05rem; overflow-wrap: anywhere; }
  h3 small { color: ${theme.color.muted}; font-weight: 600; }
`

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  margin: 0 0 8px;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`

const Glance = styled.ul`
  display: grid;
  gap: 4px;
  margin: 0 0 8px;
  padding: 0;
  list-style: none;
  li { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 8px; }
`

/** The score and the judgement wrap as one, never apart. */
const Marks = styled.span`
  white-space: nowrap;
  strong { font-size: 1.1rem; }
`

const Rater = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`

const Talk = styled.p`
  margin: 0 0 8px;
  padding: 6px 10px;
  border-left: 4px solid ${theme.color.danger};
  background: ${theme.color.dangerSoft};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 20px;
  a { font-weight: 600; }
`

const Disclosure = styled(Button)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
`

/** Points right when folded, down when open: the state is also aria-expanded, never the arrow alone. */
const Chevron = styled.span<{ $open: boolean }>`
  width: 0.5em;
  height: 0.5em;
  border-right: 2px solid currentColor;
  border-bottom: 2px solid currentColor;
  transform: rotate(${({ $open }) => ($open ? '45deg' : '-45deg')});
  transition: transform 0.15s;
  @media (prefers-reduced-motion: reduce) { transition: none; }
`

/** Two raters side by side where there is room for both; stacked on a phone. */
const Raters = styled.ul<{ $count: number }>`
  margin: 12px 0 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 12px;
  grid-template-columns: ${({ $count }) => ($count > 1 ? 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))' : '1fr')};
  &[hidden] { display: none; }
`
