import { useEffect, useState, type FormEvent } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { STATION_TYPES, STATION_TYPE_LABELS, type StationType } from '../../schemas/station/station.ts'
import { CONSULTATION_TIME_OPTIONS, EXAM_TIMING, READING_TIME_OPTIONS } from '../../schemas/session/config-rules.ts'
import type { SoloChoice, SoloStationList } from '../../schemas/solo/solo-wire.ts'
import { fetchCategories } from '../api/content.ts'
import { soloApi } from '../api/solo.ts'
import { Alert } from '../components/Alert.tsx'
import { BusyButton } from '../components/Button.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { SelectBox } from '../forms/SelectBox.tsx'
import { RecordingModeChoice } from '../solo/RecordingModeChoice.tsx'
import { minutesLabel } from '../session/room/config-form.ts'
import { rememberRecordingMode } from '../solo/recording-mode.ts'
import { RecentSoloStations } from '../solo/RecentSoloStations.tsx'
import type { RecordingMode } from '../recordings/useRecordingMedia.ts'
import { ChoiceRow } from '../forms/ChoiceRow.tsx'
import { FIND_CASE_PATH } from '../case-bank/case-filters.ts'
import { useStartSolo } from '../solo/useStartSolo.ts'

type ChoiceKind = SoloChoice['kind']

/**
 * Practise a station alone (issue 34): for when nobody else is online. The candidate chooses how the case is drawn,
 * the timing (the exam's by default) and what is recorded; the station starts at once.
 */
export default function PractiseAlone() {
  usePageTitle('Practise alone')
  const [kind, setKind] = useState<ChoiceKind>('surprise')
  // Null while loading; empty when they could not be loaded.
  const [topics, setTopics] = useState<string[] | null>(null)
  const [topic, setTopic] = useState('')
  const [stationType, setStationType] = useState<StationType>(STATION_TYPES[0])
  const [readingTime, setReadingTime] = useState<number>(EXAM_TIMING.readingTime)
  const [consultationTime, setConsultationTime] = useState<number>(EXAM_TIMING.consultationTime)
  const [mode, setMode] = useState<RecordingMode>('video')
  const [recent, setRecent] = useState<SoloStationList | null>(null)
  const { busy, failure, start: startSolo } = useStartSolo()

  useEffect(() => {
    const controller = new AbortController()
    fetchCategories().then(
      (categories) => {
        const names = categories.filter((category) => category.caseCount !== 0).map((category) => category.name)
        setTopics(names)
        setTopic((current) => current || names[0] || '')
      },
      () => setTopics([]),
    )
    soloApi.list(controller.signal).then(setRecent, () => setRecent([]))
    return () => controller.abort()
  }, [])

  const choice = (): SoloChoice => (kind === 'topic' ? { kind, topic } : kind === 'stationType' ? { kind, stationType } : { kind })

  function start(event: FormEvent) {
    event.preventDefault()
    void startSolo({ choice: choice(), readingTime, consultationTime }, (id) => rememberRecordingMode(id, mode))
  }

  return (
    <Page>
      <h1>Practise a station alone</h1>
      <p>
        Read the candidate&apos;s instructions, then speak the consultation aloud as if the patient were there. When the station is over you see the
        patient&apos;s script and the examiner&apos;s checklist, watch yourself back, and mark yourself as the examiner would.
      </p>
      <p>
        Or <Link href={FIND_CASE_PATH}>find a case</Link> yourself: by type, topic, MLA area, difficulty, rating or recall date, or one you have not played.
      </p>
      <form onSubmit={start} aria-describedby={failure ? 'solo-start-error' : undefined}>
        <ChoiceRow>
          <legend>Which case</legend>
          {(['surprise', 'topic', 'stationType'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="solo-kind" checked={kind === value} onChange={() => setKind(value)} />
              {value === 'surprise' ? 'Surprise me' : value === 'topic' ? 'A topic' : 'A station type'}
            </label>
          ))}
        </ChoiceRow>
        {kind === 'topic' &&
          (topics === null ? (
            <p role="status">Loading the topics…</p>
          ) : topics.length === 0 ? (
            <Alert tone="error">The topics could not be loaded. Reload the page, or choose a station type or "Surprise me".</Alert>
          ) : (
            <SelectBox label="Topic" value={topic} onChange={setTopic} options={topics.map((name) => ({ value: name, label: name }))} />
          ))}
        {kind === 'stationType' && (
          <SelectBox label="Station type" value={stationType} onChange={setStationType} options={STATION_TYPES.map((type) => ({ value: type, label: STATION_TYPE_LABELS[type] }))} />
        )}
        <Timing>
          <SelectBox label="Reading time" value={readingTime} onChange={setReadingTime} options={READING_TIME_OPTIONS.map((m) => ({ value: m, label: minutesLabel(m) }))} hint="The exam gives 1.5 minutes." />
          <SelectBox
            label="Consultation time"
            value={consultationTime}
            onChange={setConsultationTime}
            options={CONSULTATION_TIME_OPTIONS.map((m) => ({ value: m, label: minutesLabel(m) }))}
            hint="The exam gives 8 minutes, with a bell at 6."
          />
        </Timing>
        <RecordingModeChoice mode={mode} onChange={setMode} />
        {failure && (
          <div id="solo-start-error">
            <Alert tone="error">{failure}</Alert>
          </div>
        )}
        <BusyButton type="submit" busy={busy}>
          Start the station
        </BusyButton>
      </form>
      <RecentSoloStations stations={recent} />
      <p>
        <Link href="/recordings">My recordings</Link> · <Link href="/progress">My progress</Link>
      </p>
    </Page>
  )
}

const Page = styled.div`
  width: 100%;
  max-width: 760px;
  margin: 0 auto;
  padding: 32px 16px;
  h1 { font-size: 1.6rem; margin: 0 0 8px; }
  form { display: grid; gap: 12px; margin: 16px 0 24px; }
`

const Timing = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
`
