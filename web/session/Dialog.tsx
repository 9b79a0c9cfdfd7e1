import { useEffect, useId, useRef, type ReactNode } from 'react'
import styled from 'styled-components'
import { theme } from '../theme.ts'

/**
 * A modal built on the native <dialog>: the browser keeps focus inside it, makes the page behind it inert and
 * closes it with Escape (reported through `onClose`, unless `mandatory`). Focus returns where it was.
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
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      const returnTo = document.activeElement as HTMLElement | null
      dialog.showModal()
      return () => {
        if (dialog.open) dialog.close()
        returnTo?.focus?.()
      }
    }
  }, [open])

  return (
    <Modal
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        if (!mandatory) onClose?.()
      }}
    >
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

const Modal = styled.dialog`
  width: min(560px, calc(100vw - 24px));
  max-height: calc(100vh - 24px);
  padding: 20px;
  border: 0;
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.menu};
  color: ${theme.color.text};
  &::backdrop { background: rgba(15, 23, 42, 0.55); }
  h2 { font-size: 1.25rem; }
`

const Body = styled.div`
  margin-bottom: 16px;
  overflow-wrap: anywhere;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
`
