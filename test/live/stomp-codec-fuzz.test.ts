import t from 'tap'
import fc from 'fast-check'
import { isDeepStrictEqual } from 'node:util'
import { StompDecoder, encodeFrame, type StompFrame } from '../../server/live/stomp-codec.ts'

const commands = ['SEND', 'SUBSCRIBE', 'MESSAGE', 'ERROR', 'RECEIPT', 'CONNECT', 'CONNECTED']
const text = fc.string({ unit: 'grapheme', maxLength: 40 })
/** CONNECT and CONNECTED are sent raw, so their names have no colon and nothing there has an EOL. */
const rawSafe = (value: string) => !/[\r\n]/.test(value)
const headerPairs = fc.uniqueArray(fc.tuple(text.filter((name) => name.length > 0 && name !== 'content-length'), text), {
  selector: ([name]) => name,
  maxLength: 10,
})
const frame = fc
  .record({ command: fc.constantFrom(...commands), headers: headerPairs, body: fc.oneof(text, fc.uint8Array({ maxLength: 300 })) })
  .filter(({ command, headers }) => !command.startsWith('CONNECT') || headers.every(([name, value]) => rawSafe(name) && rawSafe(value) && !name.includes(':')))

/** Cuts the bytes at arbitrary points, including empty chunks. */
function chunks(wire: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => cut % (wire.length + 1)))].sort((a, b) => a - b)
  const pieces: Buffer[] = []
  let from = 0
  for (const point of [...points, wire.length]) {
    pieces.push(wire.subarray(from, point))
    from = point
  }
  return pieces
}

function decodeChunks(pieces: Buffer[]) {
  const decoder = new StompDecoder()
  const frames: StompFrame[] = []
  let error: string | null = null
  for (const piece of pieces) {
    const result = decoder.push(piece)
    frames.push(...result.frames)
    error = result.error
  }
  return { frames, error }
}

t.test('encode then decode, split anywhere, gives the frames back', async (t) => {
  fc.assert(
    fc.property(fc.array(frame, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { maxLength: 20 }), fc.constantFrom('', '\n', '\r\n\n'), (frames, cuts, eols) => {
      const wire = Buffer.concat(frames.flatMap((f) => [Buffer.from(eols), encodeFrame(f.command, Object.fromEntries(f.headers), f.body)]))
      const { frames: decoded, error } = decodeChunks(chunks(wire, cuts))
      if (error !== null) throw new Error(error)
      if (decoded.length !== frames.length) throw new Error(`decoded ${decoded.length} of ${frames.length}`)
      frames.forEach((original, i) => {
        const body = typeof original.body === 'string' ? Buffer.from(original.body) : Buffer.from(original.body)
        const expected = { ...Object.fromEntries(original.headers), ...(body.length > 0 ? { 'content-length': String(body.length) } : {}) }
        const same = decoded[i].command === original.command && isDeepStrictEqual({ ...decoded[i].headers }, expected) && decoded[i].body.equals(body)
        if (!same) throw new Error(`frame ${i} differs`)
      })
    }),
    { numRuns: 300 },
  )
  t.pass('300 frame sequences survived the round trip')
})

t.test('random bytes never throw: the decoder answers frames or an error', async (t) => {
  const stompish = fc.array(fc.constantFrom('SEND', 'CONNECT', '\n', '\r', '\0', ':', '\\', 'a', 'content-length:3', 'x:\\c'), { maxLength: 60 })
  const garbage = fc.oneof(fc.uint8Array({ maxLength: 500 }), stompish.map((parts) => new Uint8Array(Buffer.from(parts.join('')))))
  fc.assert(
    fc.property(garbage, fc.array(fc.nat(), { maxLength: 10 }), (bytes, cuts) => {
      const result = decodeChunks(chunks(Buffer.from(bytes), cuts))
      if (result.error !== null && typeof result.error !== 'string') throw new Error('error is not a message')
      for (const decoded of result.frames) if (!/^[A-Za-z]+$/.test(decoded.command)) throw new Error('bad command accepted')
    }),
    { numRuns: 2000 },
  )
  t.pass('2000 random inputs decoded without throwing')
})

t.test('the same bytes decode the same whatever the chunking (garbage included)', async (t) => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), fc.array(fc.nat(), { maxLength: 10 }), (bytes, cuts) => {
      const wire = Buffer.from(bytes)
      const whole = decodeChunks([wire])
      const split = decodeChunks(chunks(wire, cuts))
      if (whole.error !== split.error || whole.frames.length !== split.frames.length) throw new Error('chunking changed the result')
    }),
    { numRuns: 1000 },
  )
  t.pass('chunking never changes the outcome')
})
