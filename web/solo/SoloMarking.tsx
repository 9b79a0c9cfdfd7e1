import { useRef, useState } from 'react'
import { Link } from 'wouter'
import type { RevealedDoctorCaseView } from '../../schemas/case-views.ts'
import { CHECKLIST_MARK_LABEL } from '../../schemas/labels.ts'
import { markingRefusal } from '../../schemas/session/marking-rules.ts'
import { proposalFromMarks } from '../../schemas/session/station-progress.ts'
import type { SoloSavedMarks, SoloStation } from '../../schemas/solo/solo-wire.ts'
import { DOMAIN_TEXT, JUDGEMENT_TEXT } from '../../schemas/marking.ts'
import { errorMessage } from '../api/client.ts'
import { soloApi } from '../api/solo.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { CaseFeedbackCard } from '../case-feedback/CaseFeedbackCard.tsx'
import { CaseNotes } from '../session/CaseNotes.tsx'
import { FeedbackForm } from '../session/feedback/FeedbackForm.tsx'
import { isComplete, RATINGS_REQUIRED, slotId, withScore } from '../session/room/feedback-form.ts'
import { ExaminerChecklist, NotesPanel } from '../session/station/StationLists.tsx'
import { checklistByDomain } from '../session/station/station-notes.ts'
import { SoloRecordings } from './SoloRecordings.tsx'
import { bodyOf, draftOfSaved, forgetDraft, keepDraft, keptDraft, progressOfTicks, SELF, withTick, type SoloMarksDraft } from './solo-marks-form.ts'

/**
 * After a solo station (issue 34): the whole case, the recording with the candidate's checklist marks on its
 * timeline, and the examiner's form, which the candidate fills in about themselves. A checklist mark made while the
 * recording plays is noted at that second of the consultation, so it shows as a marker where it happened.
 */
interface Props {
  station: SoloStation
  userId: number
  /** Counts the recordings finished on this page, so the player reads the one just finished. */
  recordingsVersion: number
  onSaved: (station: SoloStation) => void
}

/** The exam's result the saved marks give: a grade per domain and the station out of 12, labelled as the candidate's own. */
function SelfMarkedResult({ marks }: { marks: SoloSavedMarks }) {
  const grades = marks.domainScores.map((domain) => `${DOMAIN_TEXT[domain.domain].short} ${domain.grade ?? '–'}`).join(', ')
  return (
    <p>
      <strong>Your self-marked result:</strong> {grades}; station score {marks.stationScore ?? '–'} of 12
      {marks.globalJudgement && `; judgement ${JUDGEMENT_TEXT[marks.globalJudgement].label}`}.
    </p>
  )
}

export function SoloMarking({ station, userId, recordingsVersion, onSaved }: Props) {
  const view = station.case as RevealedDoctorCaseView
  const criteria = view.feedbackCriteria
  const [draft, setDraft] = useState<SoloMarksDraft>(() => keptDraft(userId, station.id, criteria) ?? draftOfSaved(station.marks, criteria))
  const [refusals, setRefusals] = useState(0)
  const [formError, setFormError] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // The consultation's second the recording stands at (playing or paused); null until it has been played, so a mark
  // made without watching has no time.
  const playing = useRef<number | null>(null)
  const status = useRef<HTMLDivElement>(null)

  const update = (next: SoloMarksDraft) => {
    setDraft(next)
    keepDraft(userId, station.id, next)
    setSaved(null)
  }
  const progress = progressOfTicks(draft.ticks)
  const proposal = view.checklist ? proposalFromMarks(progress, SELF, view.checklist) : null

  async function save() {
    const refusal = !isComplete(criteria, draft.form.scores) ? RATINGS_REQUIRED : markingRefusal('OBSERVER', draft.form.marking)
    if (refusal) {
      setRefusals((count) => count + 1)
      setFormError(refusal)
      return
    }
    setBusy(true)
    setFormError(null)
    try {
      const next = await soloApi.saveMarks(station.id, bodyOf(draft, criteria))
      forgetDraft(userId, station.id)
      setSaved('Your marks are saved. They show on My progress, labelled self-marked, apart from the marks others give you.')
      onSaved(next)
      status.current?.focus()
    } catch (error) {
      setFormError(errorMessage(error, 'Your marks could not be saved. They are kept in this browser: please try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <SoloRecordings
        stationId={station.id}
        version={recordingsVersion}
        title={view.title}
        ticks={draft.ticks}
        itemText={(itemId) => view.checklist?.find((item) => item.id === itemId)?.item ?? itemId}
        markText={(mark) => CHECKLIST_MARK_LABEL[mark]}
        onConsultationSecond={(second) => (playing.current = second)}
      />
      <CaseNotes view={view} />
      {view.checklist && (
        <NotesPanel aria-labelledby="solo-checklist-heading">
          <h2 id="solo-checklist-heading">The examiner&apos;s checklist: mark yourself</h2>
          <p>Mark each item as you watch yourself back: a mark made while the recording plays is placed on its timeline.</p>
          <ExaminerChecklist
            groups={checklistByDomain(view, progress, SELF)}
            onMark={(item, mark) => update(withTick(draft, { itemId: item.id, mark, second: playing.current }))}
            namePrefix="self-mark"
          />
          {proposal && proposal.scores.size > 0 && (
            <Button
              type="button"
              $variant="secondary"
              onClick={() => update({ ...draft, form: [...proposal.scores].reduce((form, [itemId, score]) => withScore(form, criteria, slotId(itemId), score), draft.form) })}
            >
              Use my checklist marks as the scores
            </Button>
          )}
        </NotesPanel>
      )}
      <FeedbackForm
        title="Mark yourself as the examiner"
        criteria={criteria}
        draft={draft.form}
        formError={formError}
        refusals={refusals}
        choices={['submit']}
        busy={busy}
        onScore={(slot, score) => update({ ...draft, form: withScore(draft.form, criteria, slot, score) })}
        onComment={(comment) => update({ ...draft, form: { ...draft.form, comment } })}
        marking={{ role: 'observer', onChange: (marking) => update({ ...draft, form: { ...draft.form, marking } }) }}
        onSubmit={() => void save()}
      />
      <div ref={status} tabIndex={-1} role="status">
        {saved && (
          <Alert tone="success">
            {saved} <Link href="/progress">Open My progress</Link>
          </Alert>
        )}
      </div>
      {station.marks && <SelfMarkedResult marks={station.marks} />}
      <CaseFeedbackCard source={{ soloStationId: station.id }} userId={userId} />
    </>
  )
}
