import type { ReactNode } from 'react'
import styled from 'styled-components'
import { theme } from '../theme.ts'

/** The centred card that the sign-in, registration and password pages share. */
export function FormPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Narrow>
      <Card>
        <h1>{title}</h1>
        {intro && <Intro>{intro}</Intro>}
        {children}
      </Card>
    </Narrow>
  )
}

export const Narrow = styled.div`
  width: 100%;
  max-width: ${theme.width.form};
  margin: 0 auto;
  padding: 32px 16px;
`

export const Card = styled.section`
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  padding: 24px;
  margin-bottom: 24px;
  h1 { font-size: 1.6rem; }
  h2 { font-size: 1.25rem; }
  @media (max-width: 400px) {
    padding: 20px 16px;
  }
`

export const Intro = styled.p`
  color: ${theme.color.muted};
`

/** Links under a form ("Forgot password?", "Create an account"). */
export const FormLinks = styled.p`
  margin: 16px 0 0;
  text-align: center;
  color: ${theme.color.muted};
`
