import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

/** The web client lives in web/ and is built into dist/web, which the server serves with an SPA fallback. */
export default defineConfig({
  root: path.join(here, 'web'),
  plugins: [react()],
  // sockjs-client (the live room, a later issue) reads `global`; without this the page renders nothing.
  define: { global: 'globalThis' },
  build: {
    outDir: path.join(here, 'dist/web'),
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
