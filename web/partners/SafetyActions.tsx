import { useState } from 'react'
import { Button } from '../components/Button.tsx'
import { BlockDialog, type Person } from './BlockDialog.tsx'
import { ReportCandidateDialog } from './ReportCandidateDialog.tsx'

/**
 * "Block" and "Report" beside a person wherever candidates meet them (My partners, the matches, proposed times, the
 * session room), each asking in a dialog first. Each button is named with the person ("Block Priya"), so a list of
 * buttons read out of context still says whom it acts on; `describedBy` adds the card they sit on.
 */
export function SafetyActions(props: { person: Person; zone: string; describedBy?: string; sessionCode?: string; onBlocked(person: Person, message: string): void }) {
  const { person } = props
  const [open, setOpen] = useState<'block' | 'report' | null>(null)
  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => setOpen('report')} aria-label={`Report ${person.name}`} aria-describedby={props.describedBy}>
        Report
      </Button>
      <Button type="button" $variant="secondary" onClick={() => setOpen('block')} aria-label={`Block ${person.name}`} aria-describedby={props.describedBy}>
        Block
      </Button>
      {open === 'block' && (
        <BlockDialog
          person={person}
          onClose={() => setOpen(null)}
          onBlocked={(message) => {
            setOpen(null)
            props.onBlocked(person, message)
          }}
        />
      )}
      {open === 'report' && <ReportCandidateDialog person={person} zone={props.zone} sessionCode={props.sessionCode} onClose={() => setOpen(null)} />}
    </>
  )
}
