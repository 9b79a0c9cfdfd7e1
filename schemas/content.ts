import * as v from 'valibot'
import { DOMAINS } from './marking.ts'
import { Station } from './station/station.ts'
import { USER_ROLES } from './auth.ts'
import { caseAttributionEntries, type CaseAttribution } from './practice-material.ts'

/**
 * The case bank on the wire (WIRE.md section 4): request bodies for categories, cases and the admin user API,
 * and the JSON the server answers. Shared by the server routes and the admin screens.
 */

export const CATEGORY_NAME_MAX = 100
const TITLE_MAX = 200
const SHORT_TEXT_MAX = 5_000
const LONG_TEXT_MAX = 50_000
const LIST_MAX = 50

/** Path ids: the database's positive integers, written in decimal. */
export const IdParams = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, 'The id must be a positive whole number'), v.transform(Number)),
})

export const CategoryBody = v.object({
  name: v.pipe(
    v.string('Name is required'),
    v.trim(),
    v.nonEmpty('Name is required'),
    v.maxLength(CATEGORY_NAME_MAX, `Name must be at most ${CATEGORY_NAME_MAX} characters`),
  ),
})

/** Text the editor may leave out or send as null (cases echoed from older clients): stored as ''. */
const optionalText = (max: number, label: string) =>
  v.nullish(v.pipe(v.string(`${label} must be text`), v.maxLength(max, `${label} must be at most ${max} characters`)), '')

/** The editor makes ids like "section-1735550000000"; some clients send numbers. Blank means "give it one". */
const clientId = v.nullish(v.union([v.pipe(v.string(), v.trim(), v.maxLength(100, 'Id is too long')), v.pipe(v.number(), v.transform(String))], 'Id must be text'))

/** Order only sorts; the server renumbers 0..n-1 (server/content/case-rules.ts). Missing keeps the list position. */
const order = v.nullish(v.pipe(v.number('Order must be a number'), v.finite('Order must be a number')))

const SectionBody = v.object({
  id: clientId,
  title: optionalText(TITLE_MAX, 'Section title'),
  content: optionalText(LONG_TEXT_MAX, 'Section content'),
  order,
})

const requiredName = (label: string) =>
  v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(TITLE_MAX, `${label} must be at most ${TITLE_MAX} characters`))

const SubCriterionBody = v.object({ id: clientId, name: requiredName('Sub-criterion name'), order })

/**
 * Null: not assigned yet; our editor requires one for a new criterion. Absent (the spec's editor knows no domains):
 * an edit keeps the domain the criterion had (server/content/case-rules.ts).
 */
export const DomainField = v.optional(
  v.nullable(v.picklist(DOMAINS, (issue) => `Unknown domain ${issue.received}: a criterion's domain must be ${DOMAINS.join(', ')}`)),
)

const CriterionBody = v.object({
  id: clientId,
  name: requiredName('Criterion name'),
  domain: DomainField,
  order,
  hasSubCriteria: v.nullish(v.boolean('hasSubCriteria must be true or false')),
  subCriteria: v.nullish(v.pipe(v.array(SubCriterionBody, 'subCriteria must be a list'), v.maxLength(LIST_MAX, `At most ${LIST_MAX} sub-criteria`)), []),
})

/** Images are shown in an <img>: only web addresses or our own uploads, never javascript: or data: URLs. */
export const isImageUrl = (value: string) => /^(https?:\/\/|\/)/i.test(value)
const IMAGE_URL_RULE = 'Image URL must start with http://, https:// or /'

const VisualDataBody = v.pipe(
  v.object({
    type: v.picklist(['image', 'text'], 'Visual data type must be image or text'),
    content: optionalText(LONG_TEXT_MAX, 'Visual data content'),
  }),
  v.check((visual) => visual.type !== 'image' || visual.content.trim() === '' || isImageUrl(visual.content.trim()), IMAGE_URL_RULE),
)

/** A calendar date written yyyy-mm-dd that exists (no 2024-02-30). */
export const RecallDate = v.pipe(
  v.string('Recall dates must be written yyyy-mm-dd'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Recall dates must be written yyyy-mm-dd'),
  v.check(isRealDate, 'Recall dates must be real calendar dates'),
)

function isRealDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** `{ id, ...echoed fields }`; any missing or unusable id is one message, under `category`, where the editor shows it. */
const CategoryRef = v.pipe(
  v.custom<{ id: number | string }>((value) => isPositiveId((value as { id?: unknown } | null)?.id), 'Category is required'),
  v.transform((value) => ({ id: Number(value.id) })),
)

function isPositiveId(id: unknown): boolean {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id > 0
  return typeof id === 'string' && /^[1-9]\d{0,14}$/.test(id)
}

const sectionList = v.nullish(v.pipe(v.array(SectionBody, 'Sections must be a list'), v.maxLength(LIST_MAX, `At most ${LIST_MAX} sections`)), [])

/**
 * The admin editor's whole state (WIRE.md section 5). Not strict: the editor echoes back every field of the
 * loaded case, including legacy ones; unknown fields are dropped.
 */
export const CaseBody = v.object({
  title: v.pipe(v.string('Title is required'), v.trim(), v.nonEmpty('Title is required'), v.maxLength(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)),
  description: optionalText(SHORT_TEXT_MAX, 'Description'),
  category: CategoryRef,
  doctorNotes: optionalText(LONG_TEXT_MAX, 'Doctor notes'),
  patientNotes: optionalText(LONG_TEXT_MAX, 'Patient notes'),
  doctorSections: sectionList,
  patientSections: sectionList,
  visualData: v.nullish(VisualDataBody, null),
  imageUrl: v.nullish(v.pipe(v.string('Image URL must be text'), v.trim(), v.maxLength(2048, 'Image URL is too long'), v.check((url) => url === '' || isImageUrl(url), IMAGE_URL_RULE)), null),
  feedbackCriteria: v.nullish(v.pipe(v.array(CriterionBody, 'Feedback criteria must be a list'), v.maxLength(LIST_MAX, `At most ${LIST_MAX} criteria`)), []),
  isRecallCase: v.nullish(v.boolean('isRecallCase must be true or false')),
  recallDates: v.nullish(v.pipe(v.array(RecallDate, 'Recall dates must be a list'), v.maxLength(500, 'At most 500 recall dates')), []),
  /** An addition to WIRE.md (issue 29). Absent (the spec's editor): a new case is not one, an edit keeps the stored value. */
  telephoneConsultation: v.optional(v.boolean('telephoneConsultation must be true or false')),
  /**
   * An addition (issue 32): the case in the exam's shape. When given, the spec's fields above are written from it
   * (schemas/station/spec-fields.ts); absent (the spec's editor), see server/content/case-rules.ts.
   */
  station: v.optional(v.nullable(Station)),
})
export type CaseBody = v.InferOutput<typeof CaseBody>

export const RoleBody = v.object({ role: v.picklist(USER_ROLES, 'Role is required') })

/**
 * DELETE /api/admin/users/{id}: an admin deletes their own account from their profile, never from the list of
 * users, where it is almost always a slip of the mouse. The server refuses it; the list does not offer it.
 */
export const mayDeleteFromUserList = (adminId: number, userId: number) => adminId !== userId
export const OWN_ACCOUNT_NOT_HERE = 'You cannot delete your own account here.'

/** GET /api/admin/users query: numbers arrive as text; an empty search or role means "all". */
const PAGE_RULE = 'page must be a whole number, 0 or more'
const SIZE_RULE = 'size must be a whole number from 1 to 100'
export const AdminUsersQuery = v.object({
  page: v.optional(v.pipe(v.string(PAGE_RULE), v.regex(/^\d{1,9}$/, PAGE_RULE), v.transform(Number)), '0'),
  size: v.optional(v.pipe(v.string(SIZE_RULE), v.regex(/^\d{1,3}$/, SIZE_RULE), v.transform(Number), v.minValue(1, SIZE_RULE), v.maxValue(100, SIZE_RULE)), '10'),
  search: v.optional(v.pipe(v.string('search must be text'), v.trim(), v.maxLength(100, 'search must be at most 100 characters')), ''),
  role: v.optional(v.picklist(['', ...USER_ROLES], 'role must be USER, ADMIN or REVIEWER'), ''),
})

export const CategoryViewSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.nullable(v.string()),
  /** In GET /categories only (issue 29): how many cases it holds; an addition to WIRE.md section 4. */
  caseCount: v.optional(v.number()),
})
export type CategoryView = v.InferOutput<typeof CategoryViewSchema>

export const SectionViewSchema = v.object({ id: v.string(), title: v.string(), content: v.string(), order: v.number() })
export type SectionView = v.InferOutput<typeof SectionViewSchema>

export const SubCriterionViewSchema = v.object({ id: v.string(), name: v.string(), order: v.number() })
export type SubCriterionView = v.InferOutput<typeof SubCriterionViewSchema>

export const CriterionViewSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** An addition to WIRE.md: the PLAB 2 domain the criterion is marked in, null while unassigned. */
  domain: v.nullable(v.picklist(DOMAINS)),
  order: v.number(),
  hasSubCriteria: v.boolean(),
  /** Always an array: the spec's client maps over it unguarded. */
  subCriteria: v.array(SubCriterionViewSchema),
})
export type CriterionView = v.InferOutput<typeof CriterionViewSchema>

export const VisualDataSchema = v.object({ type: v.picklist(['image', 'text']), content: v.string() })
export type VisualData = v.InferOutput<typeof VisualDataSchema>

/** The medical topics of SPEC.md section 9: the demo bank's categories and the configure page's fallback list. */
export const MEDICAL_TOPICS = [
  'Cardiology',
  'Respiratory',
  'Gastroenterology',
  'Neurology',
  'Endocrinology',
  'Rheumatology',
  'Dermatology',
  'Psychiatry',
  'Pediatrics',
  'Obstetrics & Gynecology',
  'Surgery',
  'Emergency Medicine',
] as const

/** The full case: admins only (GET /api/cases); sessions get the role-filtered views of case-views.ts. */
export const CaseViewSchema = v.object({
  id: v.number(),
  title: v.string(),
  description: v.string(),
  category: CategoryViewSchema,
  doctorNotes: v.string(),
  patientNotes: v.string(),
  doctorSections: v.array(SectionViewSchema),
  patientSections: v.array(SectionViewSchema),
  visualData: v.nullable(VisualDataSchema),
  imageUrl: v.nullable(v.string()),
  feedbackCriteria: v.array(CriterionViewSchema),
  isRecallCase: v.boolean(),
  recallDates: v.array(v.string()),
  /** An addition to WIRE.md (issue 29): the room runs the telephone station for this case, every camera off. */
  telephoneConsultation: v.boolean(),
  /** An addition (issue 32): the case in the exam's shape, null for one written in the older shape. */
  station: v.nullable(Station),
  /** Additions (issue 35): the version this view is of (each save makes one), and who contributed the case. */
  version: v.optional(v.number()),
  ...caseAttributionEntries,
})
export type CaseView = v.InferOutput<typeof CaseViewSchema>
/** What a version of a case holds (migrations/0018): the view without what names the case rather than its text. */
export type CaseVersionContent = Omit<CaseView, 'id' | 'version' | keyof CaseAttribution>
