/**
 * The load generator's HTTP client: node:http over kept-alive connections. fetch (undici) costs the generator
 * several times the CPU per request, and on a 2-core machine that CPU is taken from the server and the database
 * under test, and its time is counted in every latency measured.
 */
import http from 'node:http'

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

export interface Answer {
  status: number
  ok: boolean
  text: string
}

/** Sends a request and reads the whole answer. */
export function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = options.body === undefined ? options.headers : { ...options.headers, 'Content-Length': String(Buffer.byteLength(options.body)) }
    const sent = http.request(url, { method: options.method ?? 'GET', headers, agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const status = response.statusCode ?? 0
        resolve({ status, ok: status >= 200 && status < 300, text: Buffer.concat(chunks).toString() })
      })
      response.on('error', reject)
    })
    sent.on('error', reject)
    sent.end(options.body)
  })
}
