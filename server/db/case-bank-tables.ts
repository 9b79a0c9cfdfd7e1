import type { ColumnType, Generated, Selectable } from 'kysely'
import type { CaseView, CriterionView, SectionView, VisualData } from '../../schemas/content.ts'
import type { Station, StationType } from '../../schemas/station/station.ts'
import type { CreatedAt, Json } from './schema.ts'

/** The case bank's tables (migrations 0002, 0015, 0018): categories, cases, their versions, and what candidates add. */

export interface CategoriesTable {
  id: Generated<number>
  name: string
  description: string | null
}
export type CategoryRow = Selectable<CategoriesTable>

export interface CasesTable {
  id: Generated<number>
  title: string
  description: string
  category_id: number
  doctor_notes: string
  patient_notes: string
  doctor_sections: Json<SectionView[]>
  patient_sections: Json<SectionView[]>
  visual_data: ColumnType<VisualData | null, string | null, string | null>
  image_url: string | null
  feedback_criteria: Json<CriterionView[]>
  is_recall_case: boolean
  telephone_consultation: Generated<boolean>
  /** The case in the exam's shape (issue 32); null for one written in the older shape. */
  station: ColumnType<Station | null, string | null, string | null>
  /** Computed by the database from `station`. */
  station_type: ColumnType<StationType | null, never, never>
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
  /** Issue 35: the pack key, the version sessions now draw, who contributed it (name null: anonymous). */
  case_key: Generated<string>
  current_version: Generated<number>
  contributor_id: ColumnType<number | null, number | null | undefined, number | null>
  contributor_name: ColumnType<string | null, string | null | undefined, string | null>
  /** Computed by the database (migrations/0018): search with `@@`, never read. */
  search_text: ColumnType<unknown, never, never>
}
export type CaseRow = Selectable<CasesTable>

export interface CaseRecallDatesTable {
  case_id: number
  /** A DATE; always read as text (yyyy-mm-dd) so no time zone can shift it. */
  recall_date: string
}

/** Every saved version of a case (issue 35): the wire's Case without its id, as sessions of that version show it. */
export interface CaseVersionsTable {
  case_id: number
  version: number
  content: Json<Omit<CaseView, 'id'>>
  created_by: number | null
  created_at: CreatedAt
}

export type ContributionState = 'DRAFT' | 'SUBMITTED' | 'CHANGES_REQUESTED' | 'APPROVED'

/** A case a candidate drafts and submits for review (issue 35). */
export interface CaseContributionsTable {
  id: Generated<number>
  author_id: number
  content: Json<unknown>
  state: ColumnType<ContributionState, ContributionState | undefined, ContributionState>
  show_name: Generated<boolean>
  case_id: ColumnType<number | null, number | null | undefined, number | null>
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** The review's thread: submissions, comments, requests for changes, the approval. */
export interface CaseContributionEventsTable {
  id: Generated<number>
  contribution_id: number
  author_id: number | null
  kind: 'SUBMITTED' | 'COMMENT' | 'CHANGES_REQUESTED' | 'APPROVED'
  body: Generated<string>
  created_at: CreatedAt
}

/** One rating per person and case, the latest kept, with the version they rated. */
export interface CaseRatingsTable {
  case_id: number
  user_id: number
  case_version: number
  realism: number
  difficulty: number
  rated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

export type ProblemKind = 'WRONG_FACT' | 'UNCLEAR' | 'OFFENSIVE' | 'OTHER'
export type ProblemStatus = 'OPEN' | 'RESOLVED' | 'DISMISSED'

/** A problem with a case version, reported after a station: the reviewers' queue. */
export interface CaseProblemReportsTable {
  id: Generated<number>
  case_id: number
  case_version: number
  reporter_id: number | null
  session_id: number | null
  round: number | null
  solo_station_id: number | null
  kind: ProblemKind
  details: Generated<string>
  status: ColumnType<ProblemStatus, ProblemStatus | undefined, ProblemStatus>
  resolved_by: ColumnType<number | null, number | null | undefined, number | null>
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  resolution_note: Generated<string>
  created_at: CreatedAt
}
