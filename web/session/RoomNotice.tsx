import styled from 'styled-components'
import { Button } from '../components/Button.tsx'
import { theme } from '../theme.ts'

/**
 * News about the room that someone else caused (room-notice.ts). The status region is always in the page, so
 * screen readers announce the notice when it appears, and holds the words only; the notice stays until the
 * room moves on from its phase, or it is dismissed or replaced. Dismissing hands focus to the page rather than dropping it with the button.
 */
export function RoomNotice(props: { notice: string | null; onDismiss: () => void }) {
  const dismiss = () => {
    props.onDismiss()
    document.getElementById('main')?.focus()
  }
  return (
    <Notice $shown={props.notice !== null}>
      <span role="status">{props.notice}</span>
      {props.notice && (
        <Button type="button" $variant="secondary" onClick={dismiss}>
          Dismiss
        </Button>
      )}
    </Notice>
  )
}

/** Always in the page (a live region must exist before its words arrive), but takes no room while empty. */
const Notice = styled.div<{ $shown: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 12px;
  ${({ $shown }) =>
    $shown &&
    `
    margin: 0 0 12px;
    padding: 10px 14px;
    border-radius: ${theme.radius.small};
    background: #e0f2fe;
    color: #075985;
    font-weight: 600;
  `}
`
