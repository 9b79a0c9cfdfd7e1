import { useId, type ReactNode } from 'react'
import styled from 'styled-components'
import { useModalDialog } from '../components/useModalDialog.ts'
import { theme } from '../theme.ts'

/**
 * The room's modal, with its actions in a row at the bottom. Escape asks to close it through `onClose`, unless
 * `mandatory`: then only its own actions (or the session moving on) close it.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  actions,
  mandatory = false,
}: {
  open: boolean
  title: string
  onClose?: () => void
  children: ReactNode
  actions: ReactNode
  mandatory?: boolean
}) {
  const dialog = useModalDialog(open, mandatory ? undefined : onClose)
  const titleId = useId()

  return (
    <Modal {...dialog} aria-labelledby={titleId}>
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          <Body>{children}</Body>
          <Actions>{actions}</Actions>
        </>
      )}
    </Modal>
  )
}

// Title and actions stay in view; a body too tall for the screen (a long list of topics on a phone) scrolls
// between them, so a closing action is never below the fold.
const Modal = styled.dialog`
  width: min(560px, calc(100vw - 24px));
  max-height: calc(100dvh - 24px);
  padding: 20px;
  &[open] { display: flex; flex-direction: column; }
  border: 0;
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.menu};
  color: ${theme.color.text};
  &::backdrop { background: rgba(15, 23, 42, 0.55); }
  h2 { font-size: 1.25rem; }
`

const Body = styled.div`
  flex: 0 1 auto;
  min-height: 0;
  overflow-y: auto;
  /* Room inside the scrolling box for the focus ring of a control at its edge. */
  padding: 6px;
  margin: 0 -6px 10px;
  overflow-wrap: anywhere;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
`
