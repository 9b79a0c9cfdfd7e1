#!/usr/bin/env node
/**
 * Writes the session room's sounds (web/public/sounds/*.wav): short synthesised tones, so the product ships no
 * copied audio. Run `node scripts/generate-sounds.mjs` after changing a tone; the output is committed.
 * Each sound is a list of notes [frequency Hz, seconds]; 0 Hz is a rest. Notes get a short fade in and out so
 * they do not click.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SAMPLE_RATE = 22_050
const VOLUME = 0.45
const FADE_SECONDS = 0.015

const SOUNDS = {
  // A rising pair, like a station bell: the consultation begins.
  'consultation-start': [[660, 0.22], [0, 0.05], [880, 0.35]],
  // A falling three-note phrase: time is up, move on.
  'move-on': [[880, 0.2], [0, 0.04], [698.46, 0.2], [0, 0.04], [523.25, 0.4]],
  // Three short even beeps: two minutes left.
  'two-minute-warning': [[1000, 0.12], [0, 0.1], [1000, 0.12], [0, 0.1], [1000, 0.12]],
}

function render(notes) {
  const samples = []
  for (const [frequency, seconds] of notes) {
    const count = Math.round(seconds * SAMPLE_RATE)
    const fade = Math.round(FADE_SECONDS * SAMPLE_RATE)
    for (let i = 0; i < count; i += 1) {
      if (frequency === 0) {
        samples.push(0)
        continue
      }
      const envelope = Math.min(1, i / fade, (count - i) / fade)
      // A little of the second harmonic makes a tone sound less like a test signal.
      const t = i / SAMPLE_RATE
      const wave = 0.8 * Math.sin(2 * Math.PI * frequency * t) + 0.2 * Math.sin(4 * Math.PI * frequency * t)
      samples.push(wave * envelope * VOLUME)
    }
  }
  return samples
}

/** 16-bit mono PCM in a RIFF/WAVE container. */
function wav(samples) {
  const data = Buffer.alloc(samples.length * 2)
  samples.forEach((sample, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), i * 2))
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(SAMPLE_RATE, 24)
  header.writeUInt32LE(SAMPLE_RATE * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public', 'sounds')
mkdirSync(outDir, { recursive: true })
for (const [name, notes] of Object.entries(SOUNDS)) {
  const file = path.join(outDir, `${name}.wav`)
  writeFileSync(file, wav(render(notes)))
  console.log(`wrote ${path.relative(process.cwd(), file)}`)
}
