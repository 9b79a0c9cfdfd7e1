import { useState } from 'react'
import styled from 'styled-components'
import { Button } from '../components/Button.tsx'
import { useFocusNext } from '../components/useFocusNext.ts'
import { theme } from '../theme.ts'
import { BlockDialog, type Person } from './BlockDialog.tsx'
import { ReportCandidateDialog } from './ReportCandidateDialog.tsx'

/**
 * "Report" and "Block" beside a person wherever candidates meet them (My partners, the matches, proposed times, an
 * invitation, the session room), each asking in a dialog first. Each button is named with the person ("Block
 * Priya"), so a list of buttons read out of context still says whom it acts on; `describedBy` adds the card they
 * sit on. Once the page says they are `blocked`, "You blocked Priya." stands where Block was and takes the focus
 * from the Block button that went; Report stays, as blocking first and reporting after is a usual order.
 */
export function SafetyActions(props: {
  person: Person
  zone: string
  describedBy?: string
  sessionCode?: string
  blocked?: boolean
  onBlocked(person: Person, message: string): void
}) {
  const { person } = props
  const [open, setOpen] = useState<'block' | 'report' | null>(null)
  const focus = useFocusNext<'blocked'>()
  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => setOpen('report')} aria-label={`Report ${person.name}`} aria-describedby={props.describedBy}>
        Report
      </Button>
      {props.blocked ? (
        <Blocked ref={focus.focusIf('blocked')} tabIndex={-1}>
          You blocked {person.name}.
        </Blocked>
      ) : (
        <Button type="button" $variant="secondary" onClick={() => setOpen('block')} aria-label={`Block ${person.name}`} aria-describedby={props.describedBy}>
          Block
        </Button>
      )}
      {open === 'block' && (
        <BlockDialog
          person={person}
          onClose={() => setOpen(null)}
          onBlocked={(message) => {
            setOpen(null)
            focus.next('blocked')
            props.onBlocked(person, message)
          }}
        />
      )}
      {open === 'report' && <ReportCandidateDialog person={person} zone={props.zone} sessionCode={props.sessionCode} onClose={() => setOpen(null)} />}
    </>
  )
}

const Blocked = styled.span`
  align-self: center;
  font-weight: 600;
  color: ${theme.color.muted};
`
