/**
 * The recordings' pure rules: how a recording is named, measured and placed, apart from the browser APIs that
 * record and keep it, so they can be tested without a DOM.
 */
import { formatClock } from '../session/room/timer.ts'

/** What `markerSecond` needs of a recording. */
export interface RecordingTimeline {
  consultationOffsetSeconds: number
}

/**
 * A moment of the consultation (checklist marks are noted in consultation seconds) on the recording's own
 * timeline: a recording begun late in the consultation starts that much later.
 */
export const markerSecond = (consultationSecond: number, recording: RecordingTimeline): number =>
  consultationSecond - recording.consultationOffsetSeconds

/** 135_400 ms -> "2:15", as the room's clock shows time. */
export const formatLength = (durationMs: number): string => formatClock(durationMs / 1000)

/** Bytes as storage is sold: "12.3 MB", "1.2 GB"; anything saved shows at least 0.1 MB rather than 0. */
export function formatSize(bytes: number): string {
  const megabytes = Math.round(bytes / 100_000) / 10
  if (megabytes >= 1000) return `${(bytes / 1_000_000_000).toFixed(1)} GB`
  return `${bytes > 0 && megabytes < 0.1 ? '0.1' : megabytes.toFixed(1)} MB`
}

/** A title as a file name part: ASCII letters and digits joined by dashes, accents dropped, at most 60 long. */
export function slug(title: string): string {
  const plain = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '')
  return plain || 'recording'
}

/** The file's kind from what the browser recorded (Safari without WebM records MP4). */
const extension = (mimeType: string) => (/^(audio|video)\/mp4/.test(mimeType) ? 'mp4' : 'webm')

/** "plab2-practice-2025-03-07-chest-pain.webm": sorts by day in a downloads folder; the day is the user's own. */
export function downloadName(title: string, createdAt: Date, mimeType: string): string {
  const day = [createdAt.getFullYear(), createdAt.getMonth() + 1, createdAt.getDate()].map((part) => String(part).padStart(2, '0')).join('-')
  return `plab2-practice-${day}-${slug(title)}.${extension(mimeType)}`
}

/**
 * The first format the browser can record, in the order that plays almost everywhere and keeps files small: WebM
 * (VP8 and Opus), then MP4 for a Safari that has no WebM recorder. Null: let the browser choose.
 */
export function pickMimeType(hasVideo: boolean, isTypeSupported: (type: string) => boolean): string | null {
  const candidates = hasVideo ? ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'] : ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4']
  return candidates.find((type) => isTypeSupported(type)) ?? null
}

/** Only WebM lacks the duration once recorded: Chromium never goes back to write it. */
export const needsDurationFix = (mimeType: string) => mimeType.includes('webm')
