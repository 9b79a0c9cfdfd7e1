import styled from 'styled-components'
import { Link } from 'wouter'
import { useSiteLinks } from '../../site-settings.ts'
import { theme } from '../../theme.ts'
import { Section } from './Features.tsx'

/** Find Partners, the community chat and the donation page: the platform is free and run by its users. */
export function Community() {
  const { communityUrl, donationUrl } = useSiteLinks()
  return (
    <Section aria-labelledby="community-heading">
      <h2 id="community-heading">Join the community</h2>
      <Cards>
        <Card>
          <h3>Find practice partners</h3>
          <p>See the sessions other candidates have planned and take a seat, or plan your own for others to join.</p>
          {/* Signed out, the page's guard takes the visitor through sign-in and back to it. */}
          <p>
            <Link href="/partners">Find Partners</Link>
          </p>
          {communityUrl && (
            <p>
              Recall cases and exam-day tips are shared in our{' '}
              <a href={communityUrl} target="_blank" rel="noreferrer">
                community chat<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              .
            </p>
          )}
        </Card>
        <Card>
          <h3>Keep it free</h3>
          <p>PLAB Practice has no fees and no adverts. Donations pay for the servers and nothing else.</p>
          {donationUrl && (
            <a href={donationUrl} target="_blank" rel="noreferrer">
              Make a donation<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </Card>
      </Cards>
    </Section>
  )
}

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 300px), 1fr));
  gap: 20px;
`

const Card = styled.article`
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  padding: 24px;
  a { font-weight: 600; }
`
