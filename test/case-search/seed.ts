import * as v from 'valibot'
import { CaseBody } from '../../schemas/content.ts'
import { Station } from '../../schemas/station/station.ts'
import { normaliseCase } from '../../server/content/case-rules.ts'
import { saveCase } from '../../server/content/cases-repo.ts'
import type { Db } from '../../server/db/connect.ts'

/** In every title, description, script and checklist, never in a candidate's instructions: a leak shows as this. */
export const SECRET = 'HIDDEN-MARKER'

export interface StationSeed {
  topic: string
  stationType: Station['stationType']
  mlaAreas: Station['mlaAreas']
  difficulty: Station['difficulty']
  /** What the candidate reads (the setting). */
  setting: string
  /** A fact of the patient's script only. */
  scriptFact: string
  recallDates?: string[]
}

/** A station case saved as the admin's editor saves it; its category made on first use. */
export async function seedStation(db: Db, seed: StationSeed): Promise<number> {
  const category =
    (await db.selectFrom('categories').select('id').where('name', '=', seed.topic).executeTakeFirst()) ??
    (await db.insertInto('categories').values({ name: seed.topic, description: null }).returning('id').executeTakeFirstOrThrow())
  const station = {
    stationType: seed.stationType,
    mlaAreas: seed.mlaAreas,
    difficulty: seed.difficulty,
    candidate: { setting: seed.setting, tasks: ['Talk to the patient'], notNeeded: [] },
    patient: { persona: `${SECRET} persona`, openingLine: `${SECRET} hello`, facts: [{ id: 'fact', text: `${SECRET} ${seed.scriptFact}`, reveal: 'IF_ASKED' }], questions: [] },
    checklist: [
      { id: 'gather', domain: 'DATA_GATHERING', item: `${SECRET} asks` },
      { id: 'manage', domain: 'CLINICAL_MANAGEMENT', item: `${SECRET} plans` },
      { id: 'relate', domain: 'INTERPERSONAL', item: `${SECRET} listens` },
    ],
  }
  const body = v.parse(CaseBody, {
    title: `${SECRET} ${seed.topic} ${seed.stationType}`,
    description: `${SECRET} description`,
    category: { id: category.id },
    recallDates: seed.recallDates ?? [],
    station: v.parse(Station, station),
  })
  const saved = await saveCase(db, normaliseCase(body))
  if (!saved.ok) throw new Error(`not saved: ${saved.reason}`)
  return saved.id
}

/** Ratings of a case by new accounts, one each: [realism, difficulty]. */
export async function rate(db: Db, caseId: number, ratings: Array<[number, number]>): Promise<void> {
  for (const [realism, difficulty] of ratings) {
    const user = await db
      .insertInto('users')
      .values({ name: 'Rater', email: `rater-${caseId}-${Math.random().toString(36).slice(2)}@example.com`, password_hash: null, role: 'USER', provider: 'LOCAL' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db.insertInto('case_ratings').values({ case_id: caseId, user_id: user.id, case_version: 1, realism, difficulty }).execute()
  }
}

export const idsOf = (json: { cases: Array<{ id: number }> }) => json.cases.map((hit) => hit.id)
