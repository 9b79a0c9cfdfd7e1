import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/client.ts'

export const NO_CODE = 'No session code provided'

/** The room's load errors of SPEC section 8, by the answer's status. */
export function roomLoadError(failure: unknown, code: string): string {
  if (!(failure instanceof ApiError)) return `Failed to load session data: ${failure instanceof Error ? failure.message : String(failure)}`
  if (failure.isNetworkError) return NETWORK_ERROR_MESSAGE
  if (failure.status === 404) return `Session not found. Please verify the session code: ${code}`
  if (failure.status === 401) return 'Authentication failed. Please log in again.'
  if (failure.status === 403) return "Access denied. You don't have permission to access this session."
  if (failure.status >= 500) return 'Server error. Please try again later or contact support.'
  return `Failed to load session data: ${failure.serverError ?? failure.message}`
}
