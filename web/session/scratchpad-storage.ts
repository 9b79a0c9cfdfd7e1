/**
 * The doctor's scratchpad, kept in sessionStorage per user, session and round: it survives a reload, ends with
 * the tab, never leaves the browser, and a new round's pad starts empty (the previous round's is removed).
 */

const prefix = (userId: number, code: string) => `plab.scratchpad.${userId}.${code}.`

export function loadScratchpad(userId: number, code: string, round: number): string {
  try {
    return sessionStorage.getItem(`${prefix(userId, code)}${round}`) ?? ''
  } catch {
    return ''
  }
}

export function saveScratchpad(userId: number, code: string, round: number, text: string) {
  try {
    if (text) sessionStorage.setItem(`${prefix(userId, code)}${round}`, text)
    else sessionStorage.removeItem(`${prefix(userId, code)}${round}`)
  } catch {
    // Storage full or refused: the pad still works, without surviving a reload.
  }
}

/** Removes this user's pads of this session's other rounds: each round's notes are for that round only. */
export function dropOtherRounds(userId: number, code: string, round: number) {
  try {
    const keep = `${prefix(userId, code)}${round}`
    const others = Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index)).filter(
      (key): key is string => key !== null && key.startsWith(prefix(userId, code)) && key !== keep,
    )
    for (const key of others) sessionStorage.removeItem(key)
  } catch {
    // nothing kept, nothing to drop
  }
}
