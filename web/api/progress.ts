import type { ProgressPeriod, ProgressReport } from '../../schemas/progress.ts'
import { authStore } from '../auth/auth-store.ts'
import { api, API_BASE, ApiError, handleUnauthorized } from './client.ts'

/** GET /api/progress and the feedback export (issue 18). */

const query = (days: ProgressPeriod, extra = '') => `?days=${days}${extra}`

export const progressApi = {
  report: (days: ProgressPeriod, signal?: AbortSignal) => api.get<ProgressReport>(`/progress${query(days)}`, { signal }),

  /**
   * Saves the export as a file. The API takes the token in a header, which a plain link cannot send, so the file
   * is fetched and handed to the browser as a download.
   */
  async download(format: 'csv' | 'json', days: ProgressPeriod): Promise<void> {
    const token = authStore.token()
    let response: Response
    try {
      response = await fetch(`${API_BASE}/progress/export${query(days, `&format=${format}`)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
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
