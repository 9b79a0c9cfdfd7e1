import { useState } from 'react'
import type { PartnerProfile } from '../../schemas/board.ts'
import type { MatchActions } from './MatchCard.tsx'
import { MatchesSection } from './MatchesSection.tsx'
import { WeeklyHoursEditor } from './WeeklyHoursEditor.tsx'

/**
 * The Find Partners page's availability (issue 36): my weekly free hours, and the candidates free when I am,
 * read again each time the hours are saved. `profile` is null until read: the hours' zone is not named before.
 */
export function PartnerAvailability(props: { zone: string; profile: PartnerProfile | null; renderActions?: MatchActions }) {
  const [saves, setSaves] = useState(0)
  return (
    <>
      <WeeklyHoursEditor zone={props.profile === null ? undefined : props.profile.timeZone} onSaved={() => setSaves((n) => n + 1)} />
      <MatchesSection zone={props.zone} examMonthSet={props.profile?.examMonth != null} refreshKey={saves} renderActions={props.renderActions} />
    </>
  )
}
