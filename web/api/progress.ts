import { progressContracts } from '../../schemas/api/progress.ts'
import type { ProgressPeriod } from '../../schemas/progress.ts'
import { authStore } from '../auth/auth-store.ts'
import { API_BASE, ApiError, call, handleUnauthorized } from './client.ts'

/** GET /api/progress and the feedback export (issue 18). */

export const progressApi = {
  report: (days: ProgressPeriod, signal?: AbortSignal) => call(progressContracts.report, { query: { days }, signal }),

  /**
   * Saves the export as a file. The API takes the token in a header, which a plain link cannot send, so the file
   * is fetched and handed to the browser as a download.
   */
  async download(format: 'csv' | 'json', days: ProgressPeriod): Promise<void> {
    const token = authStore.token()
    let response: Response
    try {
      const query = new URLSearchParams({ days, format })
      response = await fetch(`${API_BASE}${progressContracts.export.path}?${query}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
    } catch {
      throw new ApiError(0, null, null)
    }
    if (response.status === 401) handleUnauthorized(false)
    if (!response.ok) throw new ApiError(response.status, null, null)
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `plab-feedback.${format}`
    const url = URL.createObjectURL(await response.blob())
    const link = Object.assign(document.createElement('a'), { href: url, download: name })
    document.body.append(link)
    link.click()
    link.remove()
    URL.revokeObjectURL(url)
  },
}
