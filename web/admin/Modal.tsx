import { useId, type ReactNode } from 'react'
import styled from 'styled-components'
import { useModalDialog } from '../components/useModalDialog.ts'
import { theme } from '../theme.ts'

interface ModalProps {
  title: string
  /** Escape and the close button ask; the owner decides (an editor with unsaved changes confirms first). */
  onRequestClose: () => void
  children: ReactNode
  wide?: boolean
}

/**
 * The admin's modal: shown while mounted, in the top layer so a confirmation can open over an editor. Escape
 * and the close button ask the owner, who may refuse (an editor with unsaved changes confirms first).
 */
export function Modal({ title, onRequestClose, children, wide = false }: ModalProps) {
  const dialog = useModalDialog(true, onRequestClose)
  const titleId = useId()

  return (
    <Dialog {...dialog} aria-labelledby={titleId} $wide={wide}>
      <Header>
        <h2 id={titleId}>{title}</h2>
        <CloseButton type="button" aria-label="Close" onClick={onRequestClose}>
          ×
        </CloseButton>
      </Header>
      {children}
    </Dialog>
  )
}

const Dialog = styled.dialog<{ $wide: boolean }>`
  width: calc(100% - 16px);
  max-width: ${({ $wide }) => ($wide ? '920px' : '480px')};
  max-height: calc(100% - 16px);
  padding: 0 24px 24px;
  border: 0;
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.menu};
  color: ${theme.color.text};
  &::backdrop { background: rgba(15, 23, 42, 0.55); }
  @media (max-width: 400px) {
    padding: 0 12px 16px;
  }
`

const Header = styled.div`
  position: sticky;
  top: 0;
  z-index: 1;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 16px 0 12px;
  margin-bottom: 12px;
  background: ${theme.color.surface};
  border-bottom: 1px solid ${theme.color.border};
  h2 { margin: 0; font-size: 1.3rem; }
`

const CloseButton = styled.button`
  flex: none;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${theme.radius.small};
  background: none;
  font-size: 1.75rem;
  line-height: 1;
  color: ${theme.color.muted};
  cursor: pointer;
  &:hover { background: ${theme.color.background}; color: ${theme.color.text}; }
`
