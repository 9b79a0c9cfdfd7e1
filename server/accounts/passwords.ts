import argon2 from 'argon2'

// OWASP's argon2id minimum (m=19 MiB, t=2, p=1): the library default costs ~150 ms here and makes login a DoS target.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS)

/** Compared against when no account matches, so a missing email costs the same time as a wrong password. */
let decoyHash: Promise<string> | undefined

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword('decoy password that matches nothing')
    await argon2.verify(await decoyHash, password)
    return false
  }
  try {
    return await argon2.verify(hash, password)
  } catch {
    return false
  }
}
