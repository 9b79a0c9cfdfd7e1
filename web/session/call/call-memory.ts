/**
 * Whether this tab was in a room's call, and how (audio only or not), kept in sessionStorage so a reload joins
 * again as it was, and a call the user left stays left.
 */
export interface RememberedCall {
  audioOnly: boolean
}

const keyOf = (code: string) => `plab-call-${code}`

export function rememberCall(code: string, call: RememberedCall) {
  sessionStorage.setItem(keyOf(code), JSON.stringify(call))
}

/** The call this tab was in, or null; anything unreadable counts as none. */
export function rememberedCall(code: string): RememberedCall | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(keyOf(code)) ?? 'null') as Partial<RememberedCall> | null
    return saved ? { audioOnly: saved.audioOnly === true } : null
  } catch {
    return null
  }
}

export const forgetCall = (code: string) => sessionStorage.removeItem(keyOf(code))
