import { useCallback, useState, type Dispatch, type SetStateAction } from 'react'
import styled from 'styled-components'
import { navigate, useHistoryState } from 'wouter/use-browser-location'
import { DEFAULT_CIRCUIT } from '../../schemas/mock/circuit.ts'
import { EXAM_TIMING } from '../../schemas/session/config-rules.ts'
import {
  CONSULTATION_TIME_OPTIONS,
  RANDOM_TOPIC,
  READING_TIME_OPTIONS,
  configProblem,
  type ConfigDraft,
} from '../session/room/config-form.ts'
import { useAuth } from '../account/AuthContext.tsx'
import { errorMessage } from '../api/client.ts'
import { sessionsApi, type ConfigureRequest } from '../api/sessions.ts'
import { ListOnBoard } from '../board/ListOnBoard.tsx'
import { Alert } from '../components/Alert.tsx'
import { Button, ButtonLink } from '../components/Button.tsx'
import { Card } from '../components/Card.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { ChoiceGroup } from '../session/configure/ChoiceGroup.tsx'
import { ConfigSummary } from '../session/configure/ConfigSummary.tsx'
import { ExamTimingPreset } from '../session/configure/ExamTimingPreset.tsx'
import { RecallRange } from '../session/configure/RecallRange.tsx'
import { KindPicker } from '../session/configure/KindPicker.tsx'
import { MockCircuitFields } from '../session/configure/MockCircuitFields.tsx'
import { TopicPicker } from '../session/configure/TopicPicker.tsx'
import { useConfigureData, type ConfigureData } from '../session/configure/useConfigureData.ts'
import { endedSentence, isFinished } from '../session/EndedSession.tsx'
import { detailsCapabilities } from '../session/room/room-capabilities.ts'
import { SessionCode, roomPath, useSessionCode } from '../session/SessionCode.tsx'
import { theme } from '../theme.ts'
import type { ConfigurePageState } from './CreateSession.tsx'

export default function ConfigureSession() {
  usePageTitle('Configure the session')
  const code = useSessionCode()
  const passed = useHistoryState<ConfigurePageState | null>()
  const { data, error } = useConfigureData(code)
  const { user } = useAuth()
  const mayConfigure = data !== null && detailsCapabilities(data.session, user?.role === 'ADMIN').Configure

  return (
    <Page>
      <Card>
        <h1>{data?.session.title ?? passed?.title ?? 'Configure the session'}</h1>
        {code && <SessionCode code={code} />}
        {error && <Alert tone="error">{error}</Alert>}
        {!data && !error && <p>Loading…</p>}
        {data && !data.session.isHost && (
          <>
            <Alert tone="error">Only the host can configure this session.</Alert>
            <ButtonLink href={roomPath(code)}>Go to the room</ButtonLink>
          </>
        )}
        {data?.session.isHost && !mayConfigure && (
          <>
            <p>
              {isFinished(data.session.status)
                ? endedSentence(data.session.endedReason)
                : 'This session has already started, so its settings can no longer change.'}
            </p>
            <ButtonLink href={roomPath(code)}>Go to the room</ButtonLink>
          </>
        )}
        {data && mayConfigure && (
          <>
            {passed?.keptOtherSessions && (
              <Kept role="note">
                Your other session stays open while this one is planned for later. Starting this one, or listing it on
                Find Partners for now, leaves the other.
              </Kept>
            )}
            <HostSetup code={code} data={data} />
          </>
        )}
      </Card>
    </Page>
  )
}

/** The settings as the configure call takes them (SPEC section 3's configure payload). */
function configureBody(draft: ConfigDraft): ConfigureRequest {
  const recall = draft.sessionType === 'RECALL'
  return {
    sessionType: draft.sessionType,
    selectedTopics: recall ? [] : draft.topics,
    recallDate: '',
    ...(recall ? { recallStartDate: draft.recallStartDate, recallEndDate: draft.recallEndDate } : {}),
    readingTime: draft.readingTime,
    consultationTime: draft.consultationTime,
    timingType: draft.timingType,
    stationTypes: draft.circuit ? [] : draft.stationTypes,
    mlaAreas: draft.circuit ? [] : draft.mlaAreas,
    ...(draft.circuit ? { circuit: draft.circuit } : {}),
  }
}

/** What the session-type choice offers: the spec's two, and a mock exam (a topic session over every topic with a circuit). */
type SessionKind = ConfigDraft['sessionType'] | 'MOCK'
const kindOf = (draft: ConfigDraft): SessionKind => (draft.circuit ? 'MOCK' : draft.sessionType)
function draftOfKind(kind: SessionKind, draft: ConfigDraft): Partial<ConfigDraft> {
  if (kind !== 'MOCK') return { sessionType: kind, circuit: null }
  return { sessionType: 'TOPIC', topics: [RANDOM_TOPIC], circuit: draft.circuit ?? DEFAULT_CIRCUIT, stationTypes: [], mlaAreas: [], ...EXAM_TIMING }
}

/**
 * The settings and the listing share one draft: listing saves the settings first, so the board says what the
 * session will be, and a listed session's later changes are saved as they are made (issue 30).
 */
function HostSetup({ code, data }: { code: string; data: ConfigureData }) {
  const [draft, setDraft] = useState<ConfigDraft>(data.initial)
  const saveSettings = useCallback(() => sessionsApi.configure(code, configureBody(draft)), [code, draft])
  return (
    <>
      <ConfigureForm code={code} draft={draft} setDraft={setDraft} data={data} />
      <ListOnBoard code={code} settings={draft} saveSettings={saveSettings} />
    </>
  )
}

function ConfigureForm({ code, data, draft, setDraft }: { code: string; data: ConfigureData; draft: ConfigDraft; setDraft: Dispatch<SetStateAction<ConfigDraft>> }) {
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const change = (patch: Partial<ConfigDraft>) => setDraft((previous) => ({ ...previous, ...patch }))
  const problem = configProblem(draft)

  const start = async () => {
    if (problem || saving) return
    setSaving(true)
    setFailure(null)
    try {
      await sessionsApi.configure(code, configureBody(draft))
      navigate(roomPath(code))
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to start session'))
      setSaving(false)
    }
  }

  return (
    <form onSubmit={(event) => (event.preventDefault(), void start())} aria-label="Session settings">
      <ChoiceGroup
        legend="Session type"
        name="sessionType"
        value={kindOf(draft)}
        onChange={(kind) => change(draftOfKind(kind, draft))}
        options={[
          { value: 'TOPIC', label: 'Select Topic (by medical specialty)' },
          { value: 'RECALL', label: 'Select Recall (by exam date)' },
          { value: 'MOCK', label: 'Mock exam (a timed circuit)' },
        ]}
      />
      {draft.circuit ? (
        <MockCircuitFields circuit={draft.circuit} onChange={(circuit) => change({ circuit })} />
      ) : draft.sessionType === 'TOPIC' ? (
        <TopicPicker categories={data.categories} topics={draft.topics} onChange={(topics) => change({ topics })} />
      ) : (
        <RecallRange
          dates={data.recallDates}
          start={draft.recallStartDate}
          end={draft.recallEndDate}
          onChange={({ start: recallStartDate, end: recallEndDate }) => change({ recallStartDate, recallEndDate })}
        />
      )}
      {!draft.circuit && <KindPicker stationTypes={draft.stationTypes} mlaAreas={draft.mlaAreas} onChange={change} />}
      <ExamTimingPreset timing={draft} onChange={change} />
      <ChoiceGroup
        legend="Reading time"
        name="readingTime"
        value={draft.readingTime}
        onChange={(readingTime) => change({ readingTime })}
        options={READING_TIME_OPTIONS.map((minutes) => ({ value: minutes, label: `${minutes} min` }))}
      />
      <ChoiceGroup
        legend="Consultation timer"
        name="timingType"
        value={draft.timingType}
        onChange={(timingType) => change({ timingType })}
        options={[
          { value: 'COUNTDOWN', label: 'Countdown' },
          { value: 'STOPWATCH', label: 'Stopwatch' },
        ]}
      />
      <ChoiceGroup
        legend="Consultation time"
        name="consultationTime"
        value={draft.consultationTime}
        onChange={(consultationTime) => change({ consultationTime })}
        options={CONSULTATION_TIME_OPTIONS.map((minutes) => ({ value: minutes, label: `${minutes} min` }))}
      />
      <ConfigSummary draft={draft} />
      {problem && <Problem id="config-problem">{problem}</Problem>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" $block disabled={Boolean(problem) || saving} aria-describedby={problem ? 'config-problem' : undefined}>
        {saving ? 'Starting…' : 'Start Practice Session'}
      </Button>
      <Note>
        {draft.circuit
          ? 'In the room, the host starts the circuit; from then on the bells, the phases and the seats move on by themselves.'
          : 'A random case matching your choice is assigned when the session starts.'}
      </Note>
    </form>
  )
}

const Page = styled.div`
  width: 100%;
  max-width: 760px;
  margin: 0 auto;
  padding: 32px 16px;
  h1 { overflow-wrap: anywhere; }
`

const Kept = styled.p`
  padding: 12px 14px;
  border-radius: ${theme.radius.small};
  border: 1px solid ${theme.color.warning};
  background: ${theme.color.warningSoft};
  color: ${theme.color.warning};
  font-weight: 600;
`

const Problem = styled.p`
  color: ${theme.color.danger};
  font-weight: 600;
`

const Note = styled.p`
  margin-top: 12px;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
