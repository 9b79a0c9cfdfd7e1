const DEFAULT_CAPACITY = 10_000

/** What a token's signature vouches for: at least when it expires (seconds since the epoch, as JWT writes it). */
export interface ExpiringClaims {
  exp?: number
}

/**
 * The tokens this instance has checked, with their claims, until they expire (issue 15). Checking an HS256
 * signature sets up an HMAC with the key each time: the largest CPU cost of a signed-in request before its
 * handler, paid again for the same token by every command, poll and live revalidation. A token is found only by
 * its exact text, so an answer from here is the answer the signature gave. It does not make a token last longer:
 * the account's token version is still compared on every request (auth-plugin.ts), which is how a token is
 * withdrawn before it expires.
 */
export class VerifiedTokens<Claims extends ExpiringClaims> {
  private readonly claims = new Map<string, Claims>()

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  /** The token's claims: from memory while it has not expired, else from `verify`, which throws for a bad token. */
  claimsOf(token: string, verify: (token: string) => Claims): Claims {
    const known = this.claims.get(token)
    if (known && this.unexpired(known)) return known
    this.claims.delete(token)
    const claims = Object.freeze(verify(token))
    // A token with no expiry is checked every time: nothing would ever drop it from here.
    if (this.unexpired(claims)) {
      this.claims.set(token, claims)
      // A Map keeps insertion order: the first key is the oldest entry.
      if (this.claims.size > this.capacity) this.claims.delete(this.claims.keys().next().value!)
    }
    return claims
  }

  private unexpired({ exp }: Claims) {
    return typeof exp === 'number' && exp * 1000 > this.now()
  }
}
