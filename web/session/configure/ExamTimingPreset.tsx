import styled from 'styled-components'
import { EXAM_TIMING } from '../../../schemas/session/config-rules.ts'
import { Button } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import type { ConfigDraft } from '../room/config-form.ts'

type Timing = Pick<ConfigDraft, 'readingTime' | 'consultationTime' | 'timingType'>

const isExamTiming = (timing: Timing) =>
  timing.readingTime === EXAM_TIMING.readingTime && timing.consultationTime === EXAM_TIMING.consultationTime && timing.timingType === EXAM_TIMING.timingType

/**
 * One step to the exam's own timing (1.5 minutes reading, an 8-minute countdown). The three choices below stay
 * free: the preset only sets them, and says so while they still match it.
 */
export function ExamTimingPreset({ timing, onChange }: { timing: Timing; onChange: (timing: Timing) => void }) {
  const matches = isExamTiming(timing)
  return (
    <Preset>
      <Button type="button" $variant="secondary" aria-describedby="exam-timing-state" onClick={() => onChange({ ...EXAM_TIMING })}>
        Use the exam&apos;s timing
      </Button>
      <p id="exam-timing-state" role="status">
        {matches
          ? `The exam's timing is set: ${EXAM_TIMING.readingTime} minutes reading, ${EXAM_TIMING.consultationTime} minutes in the station (countdown).`
          : `PLAB 2 gives ${EXAM_TIMING.readingTime} minutes to read and ${EXAM_TIMING.consultationTime} minutes in the station, on a countdown.`}
      </p>
    </Preset>
  )
}

const Preset = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin: 0 0 20px;
  padding: 12px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.small};
  p { margin: 0; flex: 1 1 220px; color: ${theme.color.muted}; }
`
