/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): an encoder, and an incremental decoder
 * that accepts bytes split anywhere or several frames per chunk and never throws on hostile input.
 */

export interface StompFrame {
  command: string
  /** Null-prototype map: a header named `__proto__` or `constructor` is just a header. */
  headers: Record<string, string>
  body: Buffer
}

/** Spec "Size Limits": servers MAY cap these and SHOULD answer an ERROR frame, then close, when one is exceeded. */
export interface StompLimits {
  maxFrameBytes: number
  maxHeaders: number
  maxHeaderLineBytes: number
}

export const DEFAULT_STOMP_LIMITS: StompLimits = { maxFrameBytes: 64 * 1024, maxHeaders: 50, maxHeaderLineBytes: 8 * 1024 }

/** A bare EOL between frames is a heart-beat (spec "Heart-beating"). */
export const HEARTBEAT = Buffer.from('\n')

const LF = 0x0a
const CR = 0x0d
const NUL = 0x00
const NUL_BYTE = Buffer.alloc(1)
const COMMAND = /^[A-Za-z]{1,32}$/

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\r': '\\r', '\n': '\\n', ':': '\\c' }
const UNESCAPES: Record<string, string> = { '\\': '\\', r: '\r', n: '\n', c: ':' }

/**
 * Spec "Value Encoding": every frame but CONNECT and CONNECTED escapes CR, LF, colon and backslash in header names
 * and values; those two stay raw so that STOMP 1.0 peers can read them, as does every frame of a 1.0 session.
 */
const escapesHeaders = (command: string, escaping: boolean) => escaping && command !== 'CONNECT' && command !== 'CONNECTED'

const escapeHeader = (text: string) => text.replace(/[\\\r\n:]/g, (char) => ESCAPES[char])

/** Whether a header value can be sent back in a frame that is not escaped (all of a STOMP 1.0 session's). */
export const fitsUnescaped = (value: string) => !/[\r\n]/.test(value)

/** Text for a header that may go out unescaped: each run of line breaks becomes one space. */
export const onOneLine = (text: string) => text.replace(/[\r\n]+/g, ' ')

/** Spec "Value Encoding": undefined escape sequences such as \t MUST be treated as a fatal protocol error (null). */
function unescapeHeader(text: string): string | null {
  if (!text.includes('\\')) return text
  let decoded = ''
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\\') {
      decoded += text[i]
      continue
    }
    const replacement = UNESCAPES[text[++i]]
    if (replacement === undefined) return null
    decoded += replacement
  }
  return decoded
}

/**
 * Encodes one frame. A non-empty body always gets a content-length (spec "Standard Headers": SHOULD, and it is
 * what lets a body hold NUL octets); any content-length passed in is replaced by the true octet count.
 */
export function encodeFrame(command: string, headers: Record<string, string>, body: string | Uint8Array = '', escaping = true): Buffer {
  const bodyBytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  const escape = escapesHeaders(command, escaping)
  let head = `${command}\n`
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'content-length') continue
    if (!escape && (/[\r\n:]/.test(name) || /[\r\n]/.test(value))) throw new Error(`Header ${JSON.stringify(name)} cannot be sent unescaped in ${command}`)
    head += escape ? `${escapeHeader(name)}:${escapeHeader(value)}\n` : `${name}:${value}\n`
  }
  if (bodyBytes.length > 0) head += `content-length:${bodyBytes.length}\n`
  return Buffer.concat([Buffer.from(`${head}\n`, 'utf8'), bodyBytes, NUL_BYTE])
}

export interface DecodeResult {
  frames: StompFrame[]
  /** Set once the input broke the protocol or a limit; the decoder then stays failed. */
  error: string | null
}

interface FrameInProgress {
  command: string
  headers: Record<string, string>
  headerCount: number
  /** Null until the blank line ends the headers; then the declared length, or -1 for a NUL-terminated body. */
  bodyLength: number | null
}

export class StompDecoder {
  /** False for a STOMP 1.0 session, whose headers carry no escapes. */
  escaping = true
  private readonly limits: StompLimits
  private buffer = Buffer.alloc(1024)
  private start = 0
  private end = 0
  private cursor = 0
  /** Where the search for the next LF or NUL resumes, so input split into many chunks is scanned only once. */
  private scanFrom = 0
  private frame: FrameInProgress | null = null
  private failure: string | null = null

  constructor(limits: Partial<StompLimits> = {}) {
    this.limits = { ...DEFAULT_STOMP_LIMITS, ...limits }
  }

  push(chunk: Uint8Array): DecodeResult {
    const frames: StompFrame[] = []
    if (this.failure !== null) return { frames, error: this.failure }
    this.append(chunk)
    for (let frame = this.next(); frame; frame = this.next()) frames.push(frame)
    return { frames, error: this.failure }
  }

  /** Grows geometrically and drops consumed bytes only when full, so split input costs O(n), not O(n^2). */
  private append(chunk: Uint8Array) {
    if (this.start === this.end && this.frame === null) this.start = this.end = this.cursor = this.scanFrom = 0
    if (this.end + chunk.length > this.buffer.length) {
      const live = this.end - this.start
      const target = live + chunk.length > this.buffer.length ? Buffer.allocUnsafe(Math.max(2 * this.buffer.length, live + chunk.length)) : this.buffer
      this.buffer.copy(target, 0, this.start, this.end)
      this.buffer = target
      this.cursor -= this.start
      this.scanFrom -= this.start
      this.end = live
      this.start = 0
    }
    this.buffer.set(chunk, this.end)
    this.end += chunk.length
  }

  private fail(message: string): null {
    this.failure = message
    return null
  }

  /** The next complete frame, or null when more bytes are needed or the input failed. */
  private next(): StompFrame | null {
    if (this.failure !== null) return null
    const data = this.buffer.subarray(0, this.end)
    if (this.frame === null && this.scanFrom === this.cursor) {
      // Spec "Augmented BNF": EOLs (heart-beats, or padding after a frame's NUL) may precede a frame.
      while (this.cursor < this.end && (data[this.cursor] === LF || (data[this.cursor] === CR && data[this.cursor + 1] === LF))) {
        this.cursor += data[this.cursor] === CR ? 2 : 1
      }
      this.start = this.scanFrom = this.cursor
      if (this.cursor === this.end || (data[this.cursor] === CR && this.cursor + 1 === this.end)) return null
    }
    while (this.frame === null || this.frame.bodyLength === null) {
      const line = this.readLine(data)
      if (line === null) return null
      if (this.frame === null) {
        if (!COMMAND.test(line)) return this.fail('Malformed frame: invalid command line')
        this.frame = { command: line, headers: Object.create(null), headerCount: 0, bodyLength: null }
      } else if (line === '') {
        this.frame.bodyLength = this.declaredBodyLength(this.frame.headers['content-length'])
      } else {
        this.addHeader(this.frame, line)
      }
      if (this.failure !== null) return null
    }
    return this.readBody(data, this.frame)
  }

  /** Spec "Augmented BNF": a line ends with LF or CR LF; the CR is not part of the line. */
  private readLine(data: Buffer): string | null {
    const newline = data.indexOf(LF, this.scanFrom)
    const lineBytes = (newline === -1 ? this.end : newline) - this.cursor
    if (lineBytes > this.limits.maxHeaderLineBytes) return this.fail('Header line too long')
    if ((newline === -1 ? this.end : newline) - this.start > this.limits.maxFrameBytes) return this.fail('Frame too large')
    if (newline === -1) {
      this.scanFrom = this.end
      return null
    }
    const lineEnd = newline > this.cursor && data[newline - 1] === CR ? newline - 1 : newline
    const line = data.toString('utf8', this.cursor, lineEnd)
    this.cursor = this.scanFrom = newline + 1
    return line
  }

  private addHeader(frame: FrameInProgress, line: string) {
    if (++frame.headerCount > this.limits.maxHeaders) return this.fail('Too many headers')
    // A value may hold a colon (some 1.0 clients send them raw): the name ends at the first one and may not be empty.
    const colon = line.indexOf(':')
    if (colon <= 0) return this.fail('Malformed header line')
    const escaped = escapesHeaders(frame.command, this.escaping)
    const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon)
    const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1)
    if (name === null || value === null) return this.fail('Undefined escape sequence in header')
    // Spec "Repeated Header Entries": only the first entry is used.
    if (!Object.hasOwn(frame.headers, name)) frame.headers[name] = value
    return null
  }

  /** Spec "Standard Headers": if content-length is present, exactly that many octets are the body, NULs included. */
  private declaredBodyLength(contentLength: string | undefined): number | null {
    if (contentLength === undefined) return -1
    if (!/^\d{1,9}$/.test(contentLength)) return this.fail('Invalid content-length header')
    if (this.cursor - this.start + Number(contentLength) + 1 > this.limits.maxFrameBytes) return this.fail('Frame too large')
    return Number(contentLength)
  }

  private readBody(data: Buffer, frame: FrameInProgress): StompFrame | null {
    let bodyEnd: number
    if (frame.bodyLength !== null && frame.bodyLength >= 0) {
      bodyEnd = this.cursor + frame.bodyLength
      if (bodyEnd >= this.end) return null
      if (data[bodyEnd] !== NUL) return this.fail('Frame body longer than its content-length')
    } else {
      bodyEnd = data.indexOf(NUL, this.scanFrom)
      if (bodyEnd === -1) {
        this.scanFrom = this.end
        return this.end - this.start > this.limits.maxFrameBytes ? this.fail('Frame too large') : null
      }
      if (bodyEnd + 1 - this.start > this.limits.maxFrameBytes) return this.fail('Frame too large')
    }
    const decoded: StompFrame = { command: frame.command, headers: frame.headers, body: Buffer.from(data.subarray(this.cursor, bodyEnd)) }
    this.frame = null
    this.cursor = this.scanFrom = this.start = bodyEnd + 1
    return decoded
  }
}
