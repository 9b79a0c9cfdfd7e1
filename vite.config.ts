import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { precompress } from './vite-precompress.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const outDir = path.join(here, 'dist/web')

/** The web client lives in web/ and is built into dist/web, which the server serves with an SPA fallback. */
export default defineConfig({
  root: path.join(here, 'web'),
  plugins: [react(), precompress(outDir)],
  // sockjs-client (the live room, a later issue) reads `global`; without this the page renders nothing.
  define: { global: 'globalThis' },
  build: {
    outDir,
    emptyOutDir: true,
  },
  server: {
    // `npx vite` in one terminal and the API server on 8080 in another: same-origin calls, as in production.
    proxy: {
      '/api': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
})
