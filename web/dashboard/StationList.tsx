import { useState, type ReactNode } from 'react'
import styled from 'styled-components'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { Button } from '../components/Button.tsx'
import { theme } from '../theme.ts'
import { groupByStation, type Station } from './stations.ts'

/** A page of stations: 12 single cards made a 4,760 px dashboard (issue 17). */
export const STATIONS_PER_PAGE = 4

interface StationListProps {
  items: FeedbackReceivedItem[]
  renderCard: (item: FeedbackReceivedItem, disagreements: ReadonlySet<string>) => ReactNode
}

/**
 * Feedback grouped by station (a session's round), its raters side by side, newest first, a page at a time. More
 * stations are added below the button that asks for them, so nothing already read moves.
 */
export function StationList({ items, renderCard }: StationListProps) {
  const [shown, setShown] = useState(STATIONS_PER_PAGE)
  const stations = groupByStation(items)
  const left = stations.length - shown
  return (
    <>
      <List>
        {stations.slice(0, shown).map((station) => (
          <StationGroup key={station.key} station={station} renderCard={renderCard} />
        ))}
      </List>
      {left > 0 && (
        <More>
          <Button type="button" $variant="secondary" onClick={() => setShown(shown + STATIONS_PER_PAGE)}>
            Show {Math.min(left, STATIONS_PER_PAGE)} more {left === 1 ? 'station' : 'stations'}
          </Button>
          <span>
            {shown} of {stations.length} stations shown
          </span>
        </More>
      )}
    </>
  )
}

function StationGroup({ station, renderCard }: { station: Station } & Pick<StationListProps, 'renderCard'>) {
  const [first] = station.items
  const headingId = `station-${station.key.replace(':', '-')}`
  const count = station.disagreements.size
  return (
    <Group aria-labelledby={headingId}>
      <h3 id={headingId}>
        {first.caseTitle} <small>· Round {first.roundNumber}</small>
      </h3>
      {count > 0 && (
        <Talk>
          {count === 1 ? 'One score differs' : `${count} scores differ`} by 2 or more between the raters: marked “Disagreement” below, worth talking through.
        </Talk>
      )}
      <Raters $count={station.items.length}>{station.items.map((item) => renderCard(item, station.disagreements))}</Raters>
    </Group>
  )
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 20px;
`

const Group = styled.li`
  h3 { margin: 0 0 6px; font-size: 1.05rem; overflow-wrap: anywhere; }
  small { color: ${theme.color.muted}; font-weight: 600; }
`

const Talk = styled.p`
  margin: 0 0 8px;
  padding: 6px 10px;
  border-left: 4px solid ${theme.color.danger};
  background: ${theme.color.dangerSoft};
`

/** Two raters side by side where there is room for both; stacked on a phone. */
const Raters = styled.ul<{ $count: number }>`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 12px;
  grid-template-columns: ${({ $count }) => ($count > 1 ? 'repeat(auto-fit, minmax(300px, 1fr))' : '1fr')};
`

const More = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin-top: 16px;
  span { color: ${theme.color.muted}; }
`
