import type { ReactNode } from 'react'
import { ButtonLink } from './Button.tsx'
import { FormPage } from './Card.tsx'
import { usePageTitle } from './usePageTitle.ts'

/** An honest stand-in for a screen that a later part of the project builds. */
export function ComingSoon({ title, children, back }: { title: string; children: ReactNode; back: { href: string; label: string } }) {
  usePageTitle(title)
  return (
    <FormPage title={title}>
      <p>{children}</p>
      <ButtonLink href={back.href} $variant="secondary">
        {back.label}
      </ButtonLink>
    </FormPage>
  )
}
