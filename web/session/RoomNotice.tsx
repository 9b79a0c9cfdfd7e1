import styled from 'styled-components'
import { Button } from '../components/Button.tsx'
import { theme } from '../theme.ts'

/**
 * News about the room that someone else caused (room-notice.ts). The status region is always in the page, so
 * screen readers announce the notice when it appears; it stays until dismissed or replaced.
 */
export function RoomNotice(props: { notice: string | null; onDismiss: () => void }) {
  return (
    <div role="status">
      {props.notice && (
        <Notice>
          <span>{props.notice}</span>
          <Button type="button" $variant="secondary" onClick={props.onDismiss}>
            Dismiss
          </Button>
        </Notice>
      )}
    </div>
  )
}

const Notice = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 12px;
  margin: 0 0 12px;
  padding: 10px 14px;
  border-radius: ${theme.radius.small};
  background: #e0f2fe;
  color: #075985;
  font-weight: 600;
`
