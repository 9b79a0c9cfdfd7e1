import t from 'tap'
import { StompDecoder, encodeFrame, type StompFrame } from '../../server/live/stomp-codec.ts'

const bytes = (text: string) => Buffer.from(text, 'utf8')
const decodeAll = (text: string, decoder = new StompDecoder()) => decoder.push(bytes(text))
const plain = (frame: StompFrame) => ({ command: frame.command, headers: { ...frame.headers }, body: frame.body.toString('utf8') })

t.test('encodes a frame with escaped headers and a content-length for the body', async (t) => {
  const frame = encodeFrame('MESSAGE', { destination: '/topic/a:b', note: 'line1\nline2\r\\' }, '{"x":1}')
  t.equal(frame.toString('utf8'), 'MESSAGE\ndestination:/topic/a\\cb\nnote:line1\\nline2\\r\\\\\ncontent-length:7\n\n{"x":1}\0')
})

t.test('an empty body has no content-length and ends at the NUL', async (t) => {
  t.equal(encodeFrame('RECEIPT', { 'receipt-id': '7' }).toString(), 'RECEIPT\nreceipt-id:7\n\n\0')
})

t.test('CONNECT and CONNECTED headers are never escaped, and cannot carry an EOL', async (t) => {
  t.equal(encodeFrame('CONNECTED', { server: 'a:b\\c' }).toString(), 'CONNECTED\nserver:a:b\\c\n\n\0')
  t.throws(() => encodeFrame('CONNECTED', { server: 'a\nb' }))
  const { frames } = decodeAll('CONNECT\nAuthorization:Bearer a\\b:c\n\n\0')
  t.equal(frames[0].headers.Authorization, 'Bearer a\\b:c')
})

t.test('decodes escapes, CRLF line ends, repeated headers (first wins) and trailing EOLs', async (t) => {
  const { frames, error } = decodeAll('\r\n\nSEND\r\ndestination:/q\\c1\r\nfoo:first\r\nfoo:second\r\n\r\nhi\0\r\n\n')
  t.equal(error, null)
  t.same(frames.map(plain), [{ command: 'SEND', headers: { destination: '/q:1', foo: 'first' }, body: 'hi' }])
})

t.test('a content-length body may contain NUL octets', async (t) => {
  const { frames } = decodeAll('SEND\ncontent-length:5\n\na\0b\0c\0')
  t.same([...frames[0].body], [0x61, 0, 0x62, 0, 0x63])
})

t.test('frames split at every byte, and several frames in one chunk, decode the same', async (t) => {
  const wire = Buffer.concat([encodeFrame('SEND', { a: '1' }, 'x\0y'), bytes('\n\n'), encodeFrame('SUBSCRIBE', { id: '0', destination: '/d' })])
  const decoder = new StompDecoder()
  const split: StompFrame[] = []
  for (const byte of wire) split.push(...decoder.push(Buffer.from([byte])).frames)
  const whole = new StompDecoder().push(wire).frames
  t.same(split.map(plain), whole.map(plain))
  t.same(whole.map((f) => f.command), ['SEND', 'SUBSCRIBE'])
})

t.test('a CR split from its LF between frames waits for the next chunk', async (t) => {
  const decoder = new StompDecoder()
  t.same(decoder.push(bytes('\r')), { frames: [], error: null })
  t.same(decoder.push(bytes('\nDISCONNECT\n\n\0')).frames.map((f) => f.command), ['DISCONNECT'])
})

t.test('frames decoded before a protocol violation are still returned', async (t) => {
  const result = decodeAll('SEND\n\nok\0SEND\nbad header\n\n\0')
  t.same(result.frames.map((f) => f.body.toString()), ['ok'])
  t.equal(result.error, 'Malformed header line')
})

t.test('protocol violations are reported, and the decoder stays failed', async (t) => {
  const cases: Array<[string, string]> = [
    ['SEND\nx:\\t\n\n\0', 'Undefined escape sequence in header'],
    ['SEND\nx:a\\\n\n\0', 'Undefined escape sequence in header'],
    ['SE ND\n\n\0', 'Malformed frame: invalid command line'],
    ['\x00\n\n\0', 'Malformed frame: invalid command line'],
    ['SEND\n:value\n\n\0', 'Malformed header line'],
    ['SEND\ncontent-length:abc\n\n\0', 'Invalid content-length header'],
    ['SEND\ncontent-length:-1\n\n\0', 'Invalid content-length header'],
    ['SEND\ncontent-length:2\n\nabc\0', 'Frame body longer than its content-length'],
  ]
  for (const [wire, message] of cases) {
    const decoder = new StompDecoder()
    t.equal(decoder.push(bytes(wire)).error, message, JSON.stringify(wire))
    t.same(decoder.push(encodeFrame('SEND', {})), { frames: [], error: message }, 'stays failed')
  }
})

t.test('limits: frame size, header count and header line length', async (t) => {
  const limits = { maxFrameBytes: 100, maxHeaders: 3, maxHeaderLineBytes: 20 }
  t.equal(new StompDecoder(limits).push(encodeFrame('SEND', {}, 'x'.repeat(100))).error, 'Frame too large')
  t.equal(new StompDecoder(limits).push(bytes('SEND\ncontent-length:500\n\n')).error, 'Frame too large', 'refused from the declared length alone')
  t.equal(new StompDecoder(limits).push(bytes(`SEND\n\n${'x'.repeat(200)}`)).error, 'Frame too large', 'refused before the NUL arrives')
  t.equal(new StompDecoder(limits).push(bytes('SEND\na:1\nb:2\nc:3\nd:4\n\n\0')).error, 'Too many headers')
  t.equal(new StompDecoder(limits).push(bytes(`SEND\nlong:${'y'.repeat(30)}`)).error, 'Header line too long', 'refused before the LF arrives')
  t.equal(new StompDecoder(limits).push(encodeFrame('SEND', { a: '1', b: '2' }, 'x'.repeat(40))).error, null, 'within every limit (content-length is the third header)')
})

t.test('the default limits accept a 60 KB body and refuse 64 KB', async (t) => {
  t.equal(new StompDecoder().push(encodeFrame('SEND', {}, 'x'.repeat(60 * 1024))).frames.length, 1)
  t.equal(new StompDecoder().push(encodeFrame('SEND', {}, 'x'.repeat(64 * 1024))).error, 'Frame too large')
})

t.test('a STOMP 1.0 session reads backslashes in headers literally', async (t) => {
  const decoder = new StompDecoder()
  decoder.escaping = false
  t.equal(decoder.push(bytes('SEND\npath:C:\\temp\n\n\0')).frames[0].headers.path, 'C:\\temp')
  t.equal(encodeFrame('MESSAGE', { path: 'C:\\temp' }, '', false).toString(), 'MESSAGE\npath:C:\\temp\n\n\0')
})

t.test('a header named __proto__ is an ordinary header', async (t) => {
  const { frames } = decodeAll('SEND\n__proto__:x\n\n\0')
  t.equal(Object.getOwnPropertyDescriptor(frames[0].headers, '__proto__')?.value, 'x')
})
