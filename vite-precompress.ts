import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

/** Text the browser downloads; images and sounds are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/
/** Below this, the Content-Encoding header and the extra file cost about what they save. */
const MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * Writes `name.br` and `name.gz` beside each compressible file of `dir` that shrinks by it, at the highest
 * settings: this runs once per build, and @fastify/static (preCompressed) then sends them at no cost per request.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const written: string[] = []
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    const raw = await readFile(file)
    if (raw.length < MIN_BYTES) continue
    const variants = {
      br: await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      gz: await gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
    }
    for (const [extension, compressed] of Object.entries(variants)) {
      if (compressed.length >= raw.length) continue
      await writeFile(`${file}.${extension}`, compressed)
      written.push(`${file}.${extension}`)
    }
  }
  return written
}

/** The build step: once Vite has written the bundle, its compressed copies. */
export function precompress(outDir: string): Plugin {
  return {
    name: 'plab-precompress',
    apply: 'build',
    async closeBundle() {
      await precompressDirectory(outDir)
    },
  }
}
