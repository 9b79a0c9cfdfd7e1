/**
 * Telling "the database is not there right now" (a restart, a failover, a managed database's idle timeout, the
 * network) from every other failure: the first is answered 503 "try again", the rest stay 500s with a log entry.
 */

/** What a client is told while the database cannot be reached (an HTTP 503, a STOMP ERROR). */
export const DATABASE_UNAVAILABLE = 'The database is unavailable. Please try again in a moment.'

/** No connection could be had: the database is down, still starting, or refusing connections. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
  }
}

/** SQLSTATE class 08 (connection exception), and 57P01-57P03: ended by an administrator, a crash, or a restart. */
const LOST_CONNECTION_STATE = /^(08...|57P0[123])$/
/** What the driver says when the socket went while a query was on it, or the client it handed out was dead. */
const LOST_CONNECTION_MESSAGE = /^(Connection terminated|Client has encountered a connection error)/
/** Socket errors: the driver is the only network client whose errors reach a request (mail and Google's are caught). */
const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (LOST_CONNECTION_STATE.test(code) || NETWORK_ERROR_CODES.has(code))) return true
  return LOST_CONNECTION_MESSAGE.test(error.message)
}
