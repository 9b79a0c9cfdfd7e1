import * as v from 'valibot'
import { CaseBody, CaseViewSchema, CategoryBody, CategoryViewSchema, IdParams } from '../content.ts'
import { MessageAnswer, route } from './contract.ts'

/** The case bank (WIRE.md section 5): categories, recall dates, cases and their images. */


export const UploadedImageSchema = v.object({
  /** Relative (`/uploads/images/<name>`): the client prefixes it with the API base (WIRE.md section 0). */
  url: v.string(),
  originalName: v.string(),
})
export type UploadedImage = v.InferOutput<typeof UploadedImageSchema>

export const contentContracts = {
  categories: route('GET', '/categories', { answer: v.array(CategoryViewSchema) }),
  createCategory: route('POST', '/categories', { body: CategoryBody, answer: CategoryViewSchema }),
  renameCategory: route('PUT', '/categories/:id', { params: IdParams, body: CategoryBody, answer: CategoryViewSchema }),
  deleteCategory: route('DELETE', '/categories/:id', { params: IdParams, answer: MessageAnswer }),
  /** Sorted distinct yyyy-mm-dd dates. */
  recallDates: route('GET', '/cases/recall/dates', { answer: v.array(v.string()) }),
  cases: route('GET', '/cases', { answer: v.array(CaseViewSchema) }),
  createCase: route('POST', '/cases', { body: CaseBody, answer: CaseViewSchema }),
  updateCase: route('PUT', '/cases/:id', { params: IdParams, body: CaseBody, answer: CaseViewSchema }),
  deleteCase: route('DELETE', '/cases/:id', { params: IdParams, answer: MessageAnswer }),
  /** A multipart form with the image in the field `file`: read by the handler, not by a schema. */
  uploadImage: route('POST', '/upload/image', { answer: UploadedImageSchema }),
  /** The image file itself. */
  image: route('GET', '/uploads/images/:name', {}),
}
