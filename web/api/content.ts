import type * as v from 'valibot'
import { contentContracts, type UploadedImage } from '../../schemas/api/content.ts'
import type { CaseBody } from '../../schemas/content.ts'
import { authStore } from '../auth/auth-store.ts'
import { API_BASE, ApiError, call, handleUnauthorized } from './client.ts'

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

/**
 * POST /upload/image with the file in the `file` field. XMLHttpRequest rather than fetch, because only it
 * reports upload progress; failures are the same ApiError as every other call, and a 401 signs out the same way.
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(contentContracts.uploadImage.method, API_BASE + contentContracts.uploadImage.path)
    request.setRequestHeader('Accept', 'application/json')
    const token = authStore.token()
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onerror = () => reject(new ApiError(0, null, null))
    request.onload = () => {
      const data = parseJson(request.responseText)
      if (request.status >= 200 && request.status < 300) return resolve(data as UploadedImage)
      if (request.status === 401) handleUnauthorized(false)
      const serverError = (data as { error?: unknown } | null)?.error
      reject(new ApiError(request.status, typeof serverError === 'string' && serverError ? serverError : null, data))
    }
    const body = new FormData()
    body.append('file', file)
    request.send(body)
  })
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}
