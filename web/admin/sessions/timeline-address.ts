/**
 * Where a session's timeline opens (issue 37, the page at /admin/sessions/:code): at its start, or at the last event
 * at or before a moment (a report's, so the admin sees the session as it stood when the report was made).
 */
export function timelineAddress(code: string, at?: string): string {
  const page = `/admin/sessions/${encodeURIComponent(code)}`
  return at ? `${page}?at=${encodeURIComponent(at)}` : page
}
