import t from 'tap'
import { downloadName, formatLength, formatSize, markerSecond, needsDurationFix, pickMimeType, slug } from '../../web/recordings/recording-format.ts'
import { isStorageFull, STORAGE_FULL } from '../../web/recordings/recording-store.ts'

t.test('a download is named by day and case, the day the one the user lives in', async (t) => {
  const evening = new Date(2025, 2, 7, 23, 30)
  t.equal(downloadName('Chest pain', evening, 'video/webm;codecs=vp8,opus'), 'plab2-practice-2025-03-07-chest-pain.webm')
  t.equal(downloadName('Session ABC123, station 2', evening, 'audio/webm'), 'plab2-practice-2025-03-07-session-abc123-station-2.webm')
  t.equal(downloadName('Chest pain', evening, 'video/mp4;codecs=avc1'), 'plab2-practice-2025-03-07-chest-pain.mp4', "Safari's MP4 keeps its kind")
  t.equal(downloadName('Chest pain', evening, ''), 'plab2-practice-2025-03-07-chest-pain.webm', 'an unknown format is taken for WebM')
})

t.test('a slug keeps letters and digits, drops accents and punctuation, and is never empty', async (t) => {
  t.equal(slug('  Café: Pyrexia (child) — 2nd visit!  '), 'cafe-pyrexia-child-2nd-visit')
  t.equal(slug('Ärztliche Übergabe'), 'arztliche-ubergabe')
  t.equal(slug('???'), 'recording')
  t.equal(slug('胸痛'), 'recording', 'a title in another script still gives a file name')
  const long = slug('a very long title '.repeat(10))
  t.ok(long.length <= 60, 'at most 60 characters')
  t.notOk(long.endsWith('-'), 'not cut off after a dash')
})

t.test('consultation seconds move onto the recording by the second it began at', async (t) => {
  t.equal(markerSecond(135, { consultationOffsetSeconds: 0 }), 135, 'begun with the consultation: the same second')
  t.equal(markerSecond(135, { consultationOffsetSeconds: 60 }), 75)
  t.equal(markerSecond(30, { consultationOffsetSeconds: 60 }), -30, 'noted before the recording began: before its start')
})

t.test('lengths read as the room clock does, sizes as storage is sold', async (t) => {
  t.same([0, 999, 135_400, 480_000, 4_500_000].map(formatLength), ['0:00', '0:00', '2:15', '8:00', '75:00'])
  t.same([0, 1, 99_999, 100_000, 29_960_000, 999_999_999, 1_234_000_000].map(formatSize), [
    '0.0 MB',
    '0.1 MB',
    '0.1 MB',
    '0.1 MB',
    '30.0 MB',
    '1.0 GB',
    '1.2 GB',
  ])
})

t.test('the recording format: WebM with VP8 and Opus first, then plainer WebM, then MP4', async (t) => {
  const browser = (supported: string[]) => (type: string) => supported.includes(type)
  const chrome = browser(['video/webm;codecs=vp8,opus', 'video/webm', 'audio/webm;codecs=opus', 'audio/webm', 'video/mp4', 'audio/mp4'])
  t.equal(pickMimeType(true, chrome), 'video/webm;codecs=vp8,opus')
  t.equal(pickMimeType(false, chrome), 'audio/webm;codecs=opus', 'no camera: sound only')
  t.equal(pickMimeType(true, browser(['video/webm', 'audio/webm'])), 'video/webm')
  t.equal(pickMimeType(false, browser(['video/webm', 'audio/webm'])), 'audio/webm')
  t.equal(pickMimeType(true, browser(['video/mp4', 'audio/mp4'])), 'video/mp4', 'a Safari without WebM')
  t.equal(pickMimeType(false, browser([])), null, 'nothing known: the browser chooses')
  t.ok(needsDurationFix('video/webm;codecs=vp8,opus'))
  t.notOk(needsDurationFix('video/mp4'), 'MP4 carries its duration')
})

t.test('a full disk is told apart from other failures, and said with where the recording stopped', async (t) => {
  t.ok(isStorageFull(new DOMException('The quota has been exceeded.', 'QuotaExceededError')))
  t.ok(isStorageFull(new DOMException('', 'NS_ERROR_DOM_QUOTA_REACHED')), "older Firefox's name for it")
  t.notOk(isStorageFull(new DOMException('Blocked', 'AbortError')))
  t.notOk(isStorageFull('QuotaExceededError'), 'only an error is one')
  t.notOk(isStorageFull(null))
  const message = STORAGE_FULL(135)
  t.match(message, /stopped at 2:15/)
  t.match(message, /delete old recordings on My recordings/)
})
