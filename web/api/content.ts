import type * as v from 'valibot'
import { contentContracts, type UploadedImage } from '../../schemas/api/content.ts'
import type { CaseBody } from '../../schemas/content.ts'
import { call } from './client.ts'
import { postWithProgress } from './transfer.ts'

/** The case-bank calls of WIRE.md section 5 (categories, cases, image upload). */

export type CaseDraft = v.InferInput<typeof CaseBody>

export const fetchCategories = () => call(contentContracts.categories)

export const createCategory = (name: string) => call(contentContracts.createCategory, { body: { name } })

export const renameCategory = (id: number, name: string) => call(contentContracts.renameCategory, { params: { id }, body: { name } })

export const deleteCategory = (id: number) => call(contentContracts.deleteCategory, { params: { id } })

export const fetchCases = () => call(contentContracts.cases)

export const saveCase = (draft: CaseDraft, id?: number) =>
  id === undefined ? call(contentContracts.createCase, { body: draft }) : call(contentContracts.updateCase, { params: { id }, body: draft })

export const deleteCase = (id: number) => call(contentContracts.deleteCase, { params: { id } })

/** POST /upload/image with the file in the `file` field, telling how much of it has been sent. */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<UploadedImage> {
  const body = new FormData()
  body.append('file', file)
  return postWithProgress<UploadedImage>(contentContracts.uploadImage.path, body, onProgress)
}
