import type { ComponentProps } from 'react'
import styled, { css } from 'styled-components'
import { Link } from 'wouter'
import { theme } from '../theme.ts'

type Variant = 'primary' | 'secondary' | 'light' | 'danger'

const variants: Record<Variant, ReturnType<typeof css>> = {
  primary: css`
    background: ${theme.color.primary};
    color: #fff;
    border-color: ${theme.color.primary};
    &:hover:not(:disabled) { background: ${theme.color.primaryHover}; color: #fff; }
  `,
  secondary: css`
    background: ${theme.color.surface};
    color: ${theme.color.primary};
    border-color: ${theme.color.primary};
    &:hover:not(:disabled) { background: ${theme.color.primarySoft}; color: ${theme.color.primaryHover}; }
  `,
  // For what cannot be undone (deleting).
  danger: css`
    background: ${theme.color.danger};
    color: #fff;
    border-color: ${theme.color.danger};
    &:hover:not(:disabled) { background: #991b1b; color: #fff; }
  `,
  // For dark backgrounds (the landing hero).
  light: css`
    background: #fff;
    color: ${theme.color.primary};
    border-color: #fff;
    &:hover:not(:disabled) { background: ${theme.color.primarySoft}; color: ${theme.color.primaryHover}; }
  `,
}

const base = css<{ $variant?: Variant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  padding: 10px 20px;
  border: 2px solid transparent;
  border-radius: ${theme.radius.small};
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:disabled, &[aria-disabled='true'] { opacity: 0.65; cursor: not-allowed; }
`

export const Button = styled.button<{ $variant?: Variant; $block?: boolean }>`
  ${base}
`

/**
 * A button held while its action runs. Not `disabled`: a disabled button drops keyboard focus to the page's start,
 * so the user would lose their place; held, it keeps focus (and says it is unavailable) until the page moves it
 * on, to the next phase's heading say, or gives it back usable with the error to read.
 */
export function BusyButton({ busy, onClick, ...props }: ComponentProps<typeof Button> & { busy: boolean }) {
  return <Button {...props} aria-disabled={busy || undefined} onClick={busy ? undefined : onClick} />
}

/** A link that looks like a button (navigation, not an action). */
export const ButtonLink = styled(Link)<{ $variant?: Variant; $block?: boolean }>`
  ${base}
`
