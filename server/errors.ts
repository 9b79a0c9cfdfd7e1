/** The closed set of errors a route may answer with; the error handler serialises them as { error, ...extra }. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra)
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message)
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra)
export const tooLarge = (message: string) => new HttpError(413, message)
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { retryAfterSeconds })
export const serviceUnavailable = (message: string) => new HttpError(503, message)
