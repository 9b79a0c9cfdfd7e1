import { DISAGREEMENT_POINTS, type RaterAgreement } from '../../schemas/progress.ts'
import { counted } from '../session/room/words.ts'
import { Muted, percent, Section } from './progress-ui.tsx'

/** How often the patient and the observer saw the same station differently: a large gap says a mark is unsure. */
export function Agreement({ agreement }: { agreement: RaterAgreement }) {
  const share = percent(agreement.differByTwoOrMore, agreement.compared)
  return (
    <Section aria-labelledby="agreement-heading">
      <h2 id="agreement-heading">Rater agreement</h2>
      {agreement.compared === 0 ? (
        <Muted>No station scored by both a patient and an observer in this period.</Muted>
      ) : (
        <p>
          The patient and the observer differed by {counted(DISAGREEMENT_POINTS, 'point')} or more on <strong>{agreement.differByTwoOrMore}</strong> of{' '}
          {counted(agreement.compared, 'station')} both scored ({share}%).
          {agreement.meanDifference !== null && ` On average their station scores were ${counted(agreement.meanDifference, 'point')} apart.`}
        </p>
      )}
    </Section>
  )
}
