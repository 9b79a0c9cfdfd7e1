import { useRef } from 'react'
import styled from 'styled-components'
import { theme } from '../../theme.ts'

interface ItemControlsProps {
  /** How a screen reader names the item: "doctor section 2", "criterion 1". */
  itemLabel: string
  index: number
  count: number
  onMove: (delta: -1 | 1) => void
  onRemove: () => void
}

/**
 * Up, down and remove for one item of an ordered list. The item is keyed by its id, so these buttons travel
 * with it; after a move the pressed button keeps focus (or its sibling, once the item reaches an end), so a
 * keyboard user can press it again.
 */
export function ItemControls({ itemLabel, index, count, onMove, onRemove }: ItemControlsProps) {
  const upRef = useRef<HTMLButtonElement>(null)
  const downRef = useRef<HTMLButtonElement>(null)

  const move = (delta: -1 | 1) => {
    onMove(delta)
    requestAnimationFrame(() => {
      const [pressed, other] = delta < 0 ? [upRef.current, downRef.current] : [downRef.current, upRef.current]
      ;(pressed && !pressed.disabled ? pressed : other)?.focus()
    })
  }

  return (
    <Controls>
      <IconButton ref={upRef} type="button" onClick={() => move(-1)} disabled={index === 0} aria-label={`Move ${itemLabel} up`} title="Move up">
        ↑
      </IconButton>
      <IconButton ref={downRef} type="button" onClick={() => move(1)} disabled={index === count - 1} aria-label={`Move ${itemLabel} down`} title="Move down">
        ↓
      </IconButton>
      <IconButton type="button" onClick={onRemove} aria-label={`Remove ${itemLabel}`} title="Remove" $danger>
        ✕
      </IconButton>
    </Controls>
  )
}

/** After "Add ...": put the cursor in the new item, so a keyboard user types straight into it. */
export function focusFirstFieldOfLastItem(container: HTMLElement | null) {
  requestAnimationFrame(() => {
    const items = container?.querySelectorAll(':scope > [role="group"]')
    items?.[items.length - 1]?.querySelector<HTMLElement>('input, textarea')?.focus()
  })
}

const Controls = styled.div`
  display: flex;
  gap: 6px;
  flex: none;
`

const IconButton = styled.button<{ $danger?: boolean }>`
  width: 40px;
  height: 40px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.small};
  background: ${theme.color.surface};
  color: ${({ $danger }) => ($danger ? theme.color.danger : theme.color.text)};
  font-size: 1.05rem;
  cursor: pointer;
  &:hover:not(:disabled) { background: ${({ $danger }) => ($danger ? theme.color.dangerSoft : theme.color.primarySoft)}; }
  &:disabled { opacity: 0.4; cursor: not-allowed; }
`
