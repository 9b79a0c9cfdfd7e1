/**
 * What the visitor has typed into the contact form, kept in sessionStorage until it is sent, so a reload (or a
 * phone discarding the tab) loses none of it. It ends with the tab, as the feedback draft does.
 */
const KEY = 'plab.contactDraft'
const EMPTY = { name: '', email: '', message: '' }

export function loadContactDraft(): Record<keyof typeof EMPTY, string> {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Record<string, unknown> | null
    if (!kept) return EMPTY
    const text = (key: keyof typeof EMPTY) => (typeof kept[key] === 'string' ? kept[key] : '')
    return { name: text('name'), email: text('email'), message: text('message') }
  } catch {
    return EMPTY
  }
}

export function saveContactDraft(values: Record<string, string>) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ name: values.name ?? '', email: values.email ?? '', message: values.message ?? '' }))
  } catch {
    // Storage full or refused: the form still holds what was typed.
  }
}

export function clearContactDraft() {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // nothing kept
  }
}
