import styled from 'styled-components'
import { COMMUNITY_CHAT_URL, DONATION_URL } from '../../site-links.ts'
import { theme } from '../../theme.ts'
import { Section } from './Features.tsx'

/** The community chat and the donation page: the platform is free and run by its users. */
export function Community() {
  return (
    <Section aria-labelledby="community-heading">
      <h2 id="community-heading">Join the community</h2>
      <Cards>
        <Card>
          <h3>Find practice partners</h3>
          <p>Candidates arrange sessions, share recall cases and exam-day tips in our community chat.</p>
          <a href={COMMUNITY_CHAT_URL} target="_blank" rel="noreferrer">
            Open the community chat<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </Card>
        <Card>
          <h3>Keep it free</h3>
          <p>PLAB Practice has no fees and no adverts. Donations pay for the servers and nothing else.</p>
          <a href={DONATION_URL} target="_blank" rel="noreferrer">
            Make a donation<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
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
