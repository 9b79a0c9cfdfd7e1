import { authStore } from '../auth/auth-store.ts'
import { API_BASE, ApiError, handleUnauthorized } from './client.ts'

/** Files to and from the API that `call` does not carry: a download saved as a file, an upload with its progress. */

/**
 * Saves what a GET answers as a file, under the name its Content-Disposition gives. The API takes the token in a
 * header, which a plain link cannot send, so the file is fetched and handed to the browser as a download.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = authStore.token()
  let response: Response
  try {
    response = await fetch(API_BASE + path, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  } catch {
    throw new ApiError(0, null, null)
  }
  if (response.status === 401) handleUnauthorized(false)
  if (!response.ok) throw new ApiError(response.status, null, null)
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName
  const url = URL.createObjectURL(await response.blob())
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}

/**
 * POSTs a form or a JSON text, telling how much of it has been sent. XMLHttpRequest rather than fetch, because
 * only it reports upload progress; failures are the same ApiError as every other call, and a 401 signs out the
 * same way.
 */
export function postWithProgress<T>(path: string, body: FormData | string, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', API_BASE + path)
    request.setRequestHeader('Accept', 'application/json')
    if (typeof body === 'string') request.setRequestHeader('Content-Type', 'application/json')
    const token = authStore.token()
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onerror = () => reject(new ApiError(0, null, null))
    request.onload = () => {
      const data = parseJson(request.responseText)
      if (request.status >= 200 && request.status < 300) return resolve(data as T)
      if (request.status === 401) handleUnauthorized(false)
      const serverError = (data as { error?: unknown } | null)?.error
      reject(new ApiError(request.status, typeof serverError === 'string' && serverError ? serverError : null, data))
    }
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
