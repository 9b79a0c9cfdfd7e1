import { useParams } from 'wouter'

/** The {sessionCode} of the /session/{sessionCode}/... routes, decoded; '' when the route has none. */
export function useSessionCode(): string {
  const { code } = useParams<{ code?: string }>()
  if (!code) return ''
  try {
    return decodeURIComponent(code).trim()
  } catch {
    return code.trim()
  }
}

export const roomPath = (code: string) => `/session/${encodeURIComponent(code)}/room`
export const configurePath = (code: string) => `/session/${encodeURIComponent(code)}/configure`
