import type { ComponentProps } from 'react'
import styled from 'styled-components'
import { theme } from '../theme.ts'
import { Button } from './Button.tsx'

/**
 * A switch: a button with a fixed name ("Camera off", "Exam sounds off") and aria-pressed, so a screen reader says
 * whether it is on. Pressed, it shows a tick on a soft fill with a thick border: a state, never the solid fill of
 * a call to action ("Camera off" pressed read as a button to press, issue 29).
 */
export function ToggleButton({ pressed, children, ...props }: Omit<ComponentProps<typeof Button>, 'aria-pressed' | '$variant'> & { pressed: boolean }) {
  return (
    <Toggle type="button" {...props} $variant="secondary" aria-pressed={pressed}>
      <Tick aria-hidden="true">{pressed ? '✓' : ''}</Tick>
      {children}
    </Toggle>
  )
}

const Toggle = styled(Button)`
  gap: 4px;
  padding: 6px 12px 6px 8px;
  border-width: 1px;
  &[aria-pressed='true'] {
    border-width: 2px;
    padding: 5px 11px 5px 7px;
    background: ${theme.color.primarySoft};
    color: ${theme.color.primaryHover};
    border-color: ${theme.color.primaryHover};
  }
  &:disabled { opacity: 0.5; }
`

/** Keeps the name from moving when the tick comes and goes. */
const Tick = styled.span`
  display: inline-block;
  width: 1em;
  text-align: center;
  font-weight: 800;
`
