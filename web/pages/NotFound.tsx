import { ButtonLink } from '../components/Button.tsx'
import { FormPage } from '../components/Card.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'

export default function NotFound() {
  usePageTitle('Page not found')
  return (
    <FormPage title="Page not found">
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <ButtonLink href="/" $variant="secondary">
        Go to the home page
      </ButtonLink>
    </FormPage>
  )
}
