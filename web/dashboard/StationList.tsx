import { useState } from 'react'
import styled from 'styled-components'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { Button } from '../components/Button.tsx'
import { theme } from '../theme.ts'
import { StationGroup, type RenderCard } from './StationGroup.tsx'
import { groupByStation } from './stations.ts'

/** A page of stations: 12 single cards made a 4,760 px dashboard (issue 17). */
export const STATIONS_PER_PAGE = 4

interface StationListProps {
  items: FeedbackReceivedItem[]
  /** Whether each station starts unfolded. */
  openStations: boolean
  renderCard: RenderCard
}

/**
 * Feedback grouped by station (a session's round), newest first, a page at a time. More stations are added below
 * the button that asks for them, so nothing already read moves.
 */
export function StationList({ items, openStations, renderCard }: StationListProps) {
  const [shown, setShown] = useState(STATIONS_PER_PAGE)
  const stations = groupByStation(items)
  const left = stations.length - shown
  return (
    <>
      <List>
        {stations.slice(0, shown).map((station) => (
          <StationGroup key={station.key} station={station} initiallyOpen={openStations} renderCard={renderCard} />
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

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 20px;
`

const More = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin-top: 16px;
  span { color: ${theme.color.muted}; }
`
