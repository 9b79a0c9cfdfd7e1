import { useId } from 'react'
import styled from 'styled-components'
import { Button } from '../components/Button.tsx'
import { theme } from '../theme.ts'
import { downloadName, formatLength, formatSize } from './recording-format.ts'
import { recordingBlob, type RecordingMeta } from './recording-store.ts'
import { RecordingPlayer } from './RecordingPlayer.tsx'

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** The browser reads a clicked link's file after the click returns: revoked at once, the download could fail. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000

/** Saves the recording as a file, named so a downloads folder sorts it by day. */
async function download(recording: RecordingMeta): Promise<boolean> {
  const blob = await recordingBlob(recording.id).catch(() => null)
  if (!blob) return false
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = downloadName(recording.title, new Date(recording.createdAt), blob.type || recording.mimeType)
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS)
  return true
}

/**
 * One recording on My recordings. Its buttons name the recording for screen readers, which may list every
 * "Delete" on the page out of context.
 */
export function RecordingItem({ recording, playing, onPlay, onDelete, onProblem }: {
  recording: RecordingMeta
  playing: boolean
  onPlay: () => void
  onDelete: () => void
  onProblem: (message: string) => void
}) {
  const playerId = useId()
  const named = <span className="visually-hidden"> {recording.title}</span>
  const save = async () => {
    if (!(await download(recording))) onProblem(`"${recording.title}" could not be read from this device's storage, so it was not downloaded.`)
  }
  return (
    <Item>
      <h3>{recording.title}</h3>
      <Facts>
        <time dateTime={new Date(recording.createdAt).toISOString()}>{when.format(recording.createdAt)}</time>
        <span>{formatLength(recording.durationMs)}</span>
        <span>{formatSize(recording.bytes)}</span>
        {!recording.hasVideo && <span>Sound only</span>}
        {!recording.complete && <Unfinished>Not finished</Unfinished>}
      </Facts>
      <Actions>
        <Button type="button" $variant="secondary" aria-expanded={playing} aria-controls={playerId} onClick={onPlay}>
          {playing ? 'Hide player' : 'Play'}
          {named}
        </Button>
        <Button type="button" $variant="secondary" onClick={save}>
          Download{named}
        </Button>
        <Button type="button" $variant="danger" onClick={onDelete}>
          Delete{named}
        </Button>
      </Actions>
      <div id={playerId}>{playing && <RecordingPlayer recording={recording} />}</div>
    </Item>
  )
}

const Item = styled.li`
  padding: 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  h3 { font-size: 1.05rem; margin: 0 0 4px; overflow-wrap: anywhere; }
`

/** Facts separated by dots drawn in CSS with empty alternative text, so screen readers do not read them. */
const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 0 8px;
  margin: 0 0 12px;
  color: ${theme.color.muted};
  & > * + *::before { content: '·'; content: '·' / ''; margin-right: 8px; }
`

const Unfinished = styled.strong`
  color: ${theme.color.warning};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`
