import styled from 'styled-components'
import { theme } from '../../theme.ts'
import { ChartIcon, FeedbackIcon, PeopleIcon, StethoscopeIcon, SwapIcon, TimerIcon } from './icons.tsx'

/** The six things the product offers (SPEC section 1); the copy is ours. */
const FEATURES = [
  {
    icon: <PeopleIcon />,
    title: 'Practice sessions',
    text: 'Open a session, share its code, and run a consultation with two other candidates as doctor, patient and observer.',
  },
  {
    icon: <TimerIcon />,
    title: 'Timed stations',
    text: 'Reading time and consultation time run to the clock, just as on exam day, with a warning two minutes before the end.',
  },
  {
    icon: <FeedbackIcon />,
    title: 'Performance feedback',
    text: 'Your patient and observer score you against the case’s own criteria and leave comments you can read afterwards.',
  },
  {
    icon: <StethoscopeIcon />,
    title: 'Clinical cases',
    text: 'Cases grouped by specialty or by recall date, each with separate notes for the doctor and the patient.',
  },
  {
    icon: <SwapIcon />,
    title: 'Peer learning',
    text: 'Swap roles between rounds: playing the patient and the observer teaches you what examiners look for.',
  },
  {
    icon: <ChartIcon />,
    title: 'Progress tracking',
    text: 'Your dashboard keeps every piece of feedback you receive, so you can see which skills are improving.',
  },
]

export function Features() {
  return (
    <Section aria-labelledby="features-heading">
      <h2 id="features-heading">Everything you need to rehearse PLAB 2</h2>
      <Grid>
        {FEATURES.map((feature) => (
          <Feature key={feature.title}>
            <Icon aria-hidden="true">{feature.icon}</Icon>
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </Feature>
        ))}
      </Grid>
    </Section>
  )
}

export const Section = styled.section`
  max-width: ${theme.width.page};
  margin: 0 auto;
  padding: 48px 16px;
  h2 { font-size: 1.6rem; text-align: center; margin-bottom: 28px; }
`

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 280px), 1fr));
  gap: 20px;
  margin: 0;
  padding: 0;
  list-style: none;
`

const Feature = styled.li`
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  padding: 20px;
  h3 { font-size: 1.15rem; }
  p { margin: 0; color: ${theme.color.muted}; }
`

const Icon = styled.span`
  display: inline-grid;
  place-items: center;
  width: 48px;
  height: 48px;
  margin-bottom: 12px;
  border-radius: ${theme.radius.medium};
  background: ${theme.color.primarySoft};
  color: ${theme.color.primary};
`
