/**
 * Whom the room offers "Report" and "Block" for (issue 36): the others this user has been in the room with since
 * opening it, in the order they were first seen. Someone who misbehaves and then leaves stays on the list, since
 * that is when a report matters most; the server still knows both shared the session.
 */

export interface PersonSeen {
  userId: number
  name: string
}

/**
 * `seen` with the others among `participants` added (a changed name replaces the old one). Returns `seen` itself
 * when nothing changed, so that a caller keeping the list in state settles at once.
 */
export function peopleSeen(seen: readonly PersonSeen[], participants: readonly PersonSeen[], me: number): readonly PersonSeen[] {
  let next: PersonSeen[] | null = null
  for (const { userId, name } of participants) {
    if (userId === me) continue
    const list: readonly PersonSeen[] = next ?? seen
    const at = list.findIndex((person) => person.userId === userId)
    if (at >= 0 && list[at].name === name) continue
    next = [...list]
    if (at >= 0) next[at] = { userId, name }
    else next.push({ userId, name })
  }
  return next ?? seen
}
