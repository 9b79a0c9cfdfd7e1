import { navigate } from 'wouter/use-browser-location'
import { pathOf, type AnswerOut, type BodyIn, type ParamsOf, type QueryIn, type RouteContract, type Schema } from '../../schemas/api/contract.ts'
import { authStore } from '../auth/auth-store.ts'
import { currentPath, rememberPostLoginRedirect } from '../auth/post-login-redirect.ts'

/** Same origin: the server serves this client and the API; the Vite dev server proxies /api. */
export const API_BASE = '/api'

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.'

/** A failed call. `serverError` is the server's `error` text (WIRE.md section 0), null when there was none. */
export class ApiError extends Error {
  readonly status: number
  readonly serverError: string | null
  readonly body: unknown

  constructor(status: number, serverError: string | null, body: unknown) {
    super(serverError ?? (status === 0 ? NETWORK_ERROR_MESSAGE : `Request failed with status ${status}`))
    this.name = 'ApiError'
    this.status = status
    this.serverError = serverError
    this.body = body
  }

  get isNetworkError(): boolean {
    return this.status === 0
  }

  /** Per-field messages of a 400 validation answer, when the server sent them. */
  get validationErrors(): Record<string, string> | null {
    const errors = (this.body as { validationErrors?: unknown } | null)?.validationErrors
    return errors && typeof errors === 'object' ? (errors as Record<string, string>) : null
  }
}

export interface RequestOptions {
  body?: unknown
  signal?: AbortSignal
  /** A 401 signs out but stays on the page (a background check; the route guards decide where to go). */
  quietUnauthorized?: boolean
  /** Sees the raw answer before its body is read (the session room reads the Date header to sync its clock). */
  onResponse?: (response: Response) => void
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = authStore.token()
  if (token) headers.Authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body)
  }

  let response: Response
  try {
    response = await fetch(API_BASE + path, { method, headers, body, signal: options.signal })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, null, null)
  }
  options.onResponse?.(response)
  const data = await readJson(response, options.signal)
  // A success whose body was cut off or is not ours (a captive portal's page) is no success: nothing was learnt.
  if (response.ok && data === UNREADABLE) throw new ApiError(0, null, null)
  if (response.ok) return data as T

  if (response.status === 401) handleUnauthorized(options.quietUnauthorized ?? false)
  const answer = data === UNREADABLE ? null : data
  const serverError = (answer as { error?: unknown } | null)?.error
  // A suspended account (issue 36): signed out to the login page, which says why, from any page and any call.
  if (response.status === 403 && (answer as { accountSuspended?: unknown } | null)?.accountSuspended === true && typeof serverError === 'string') {
    handleUnauthorized(false, serverError)
  }
  throw new ApiError(response.status, typeof serverError === 'string' && serverError ? serverError : null, answer)
}

const UNREADABLE = Symbol('unreadable body')

/** The JSON body; null for an empty one; UNREADABLE when it could not be read or is not JSON. */
async function readJson(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    if (signal?.aborted) throw error
    return UNREADABLE
  }
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return UNREADABLE
  }
}

/**
 * Any 401 means the token no longer works: sign out, and send the user to sign in again, back here afterwards.
 * `why` is shown on the login page as an error (a suspended account's words).
 */
export function handleUnauthorized(quiet: boolean, why?: string) {
  const onLoginPage = window.location.pathname === '/login'
  if (!quiet && !onLoginPage) {
    rememberPostLoginRedirect(currentPath())
    // Leave the page before signing out, so a route guard does not also redirect and remember /login.
    navigate('/login', { replace: true, state: why ? { error: why } : undefined })
  }
  authStore.signOut()
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('DELETE', path, options),
}

/** The text to show for a failed call: the server's own words when it gave some (SPEC section 8), else the page's. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.serverError) return error.serverError
    if (error.isNetworkError) return NETWORK_ERROR_MESSAGE
  }
  return fallback
}

/** What a call to a route takes: its path parameters, body and query as its contract declares them. */
export type CallInput<R extends RouteContract> = Omit<RequestOptions, 'body'> &
  (keyof ParamsOf<R['path']> extends never ? { params?: undefined } : { params: ParamsOf<R['path']> }) &
  (R['body'] extends Schema ? { body: BodyIn<R> } : { body?: undefined }) &
  (R['query'] extends Schema ? { query?: QueryIn<R> } : { query?: undefined })

/** Calls a route by its contract (schemas/api/): the answer is typed from the schema the server serialises it with. */
export function call<R extends RouteContract>(contract: R, ...[input]: object extends CallInput<R> ? [CallInput<R>?] : [CallInput<R>]): Promise<AnswerOut<R>> {
  const { params, body, query, ...options } = (input ?? {}) as CallInput<RouteContract> & { params?: Record<string, string | number>; query?: Record<string, string | undefined> }
  // An optional filter left unset is not sent (URLSearchParams would send the text "undefined").
  const search = query ? new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString() : ''
  const path = pathOf(contract.path, params ?? {}) + (search ? `?${search}` : '')
  return apiRequest<AnswerOut<R>>(contract.method, path, { ...options, body })
}
