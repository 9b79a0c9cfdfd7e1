import { randomInt } from 'node:crypto'

/**
 * Session codes (WIRE.md section 0): 8 symbols from a CSPRNG, in an alphabet with nothing that reads as another
 * symbol aloud or on screen (no 0/O, 1/I/L): 31^8, about 40 bits, so guessing a live code is hopeless under the
 * join rate limit. Shown and stored as two groups of four, e.g. K7MQ-2XD9.
 */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const CODE_LENGTH = 8

export function generateSessionCode(): string {
  let symbols = ''
  for (let i = 0; i < CODE_LENGTH; i += 1) symbols += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return format(symbols)
}

/** The stored form of what a user typed (any case, with or without the dash or spaces), or null if it cannot be a code. */
export function normaliseSessionCode(input: string): string | null {
  const symbols = input.toUpperCase().replace(/[\s-]/g, '')
  if (symbols.length !== CODE_LENGTH) return null
  for (const symbol of symbols) if (!CODE_ALPHABET.includes(symbol)) return null
  return format(symbols)
}

function format(symbols: string): string {
  return `${symbols.slice(0, 4)}-${symbols.slice(4)}`
}
