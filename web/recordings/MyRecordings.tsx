import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { Alert } from '../components/Alert.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { theme } from '../theme.ts'
import { recordingSupport } from './recorder.ts'
import { formatSize } from './recording-format.ts'
import { deleteRecording, listRecordings, storageUse, updateTitle, type RecordingMeta } from './recording-store.ts'
import { soloApi } from '../api/solo.ts'
import { RecordingItem } from './RecordingItem.tsx'

type StorageUse = Awaited<ReturnType<typeof storageUse>>

/** Without IndexedDB there is nothing kept to list (recording needs MediaRecorder as well; playing does not). */
const canKeep = () => typeof indexedDB !== 'undefined'

/**
 * A solo station's recording is named by its topic while the case's title is hidden; once the station is over the
 * server gives the title, and the recording takes it. Without the server (offline), the names stay as they are.
 */
async function withSoloTitles(list: RecordingMeta[]): Promise<RecordingMeta[]> {
  if (!list.some((recording) => recording.source.kind === 'solo')) return list
  const stations = await soloApi.list().catch(() => [])
  const titles = new Map(stations.flatMap((station) => (station.caseTitle ? [[station.id, station.caseTitle] as const] : [])))
  return Promise.all(
    list.map(async (recording) => {
      const title = recording.source.kind === 'solo' ? titles.get(recording.source.soloId) : undefined
      if (!title || title === recording.title) return recording
      await updateTitle(recording.source, title).catch(() => undefined)
      return { ...recording, title }
    }),
  )
}

/** The recordings kept in this browser (route /recordings): play, download or delete them. None is ever uploaded. */
export function MyRecordingsPage() {
  usePageTitle('My recordings')
  const [recordings, setRecordings] = useState<RecordingMeta[] | null>(null)
  const [space, setSpace] = useState<StorageUse | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const [playing, setPlaying] = useState<string | null>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const unsupported = recordingSupport()

  useEffect(() => {
    if (!canKeep()) return
    let current = true
    Promise.all([listRecordings().then(withSoloTitles), storageUse()]).then(
      ([list, use]) => {
        if (!current) return
        setRecordings(list)
        setSpace(use)
      },
      () => current && setFailure("Your recordings could not be read from this browser's storage. Reload the page to try again."),
    )
    return () => {
      current = false
    }
  }, [])

  const remove = async (recording: RecordingMeta) => {
    setFailure(null)
    try {
      await deleteRecording(recording.id)
    } catch {
      setFailure(`"${recording.title}" could not be deleted. Please try again.`)
      return
    }
    setRecordings((list) => list?.filter((kept) => kept.id !== recording.id) ?? null)
    setPlaying((id) => (id === recording.id ? null : id))
    // Emptied first, so deleting a second recording of the same title is announced again.
    setStatus('')
    requestAnimationFrame(() => setStatus(`Deleted "${recording.title}"`))
    // Its buttons are gone: the list's heading is the nearest place that still makes sense.
    listHeading.current?.focus()
    storageUse().then(setSpace, () => undefined)
  }

  return (
    <Page>
      <h1>My recordings</h1>
      <p>
        Your practice recordings stay on this device, in this browser: they are never uploaded, and the others in your sessions cannot see them.
        Anyone who uses this browser can, and clearing this site&apos;s data in the browser deletes them.
      </p>
      {unsupported && <Notice>{unsupported}</Notice>}
      {space && <p>{spaceSentence(space)}</p>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <Status role="status">{status}</Status>
      {canKeep() &&
        (recordings === null ? (
          !failure && <p role="status">Loading recordings…</p>
        ) : (
          <section aria-labelledby="recordings-heading">
            <h2 id="recordings-heading" ref={listHeading} tabIndex={-1}>
              Recordings on this device
            </h2>
            {recordings.length === 0 ? (
              <p>
                No recordings on this device yet. <Link href="/practise-alone">Practise a station alone</Link>
              </p>
            ) : (
              <List>
                {recordings.map((recording) => (
                  <RecordingItem
                    key={recording.id}
                    recording={recording}
                    playing={playing === recording.id}
                    onPlay={() => setPlaying((id) => (id === recording.id ? null : recording.id))}
                    onDelete={() => void remove(recording)}
                    onProblem={setFailure}
                  />
                ))}
              </List>
            )}
          </section>
        ))}
    </Page>
  )
}

/** What the recordings take and, where the browser says, how much it lets this site keep in all. */
function spaceSentence({ recordingsBytes, usedBytes, quotaBytes }: StorageUse): string {
  const taken = `Your recordings take ${formatSize(recordingsBytes)}.`
  if (quotaBytes === null) return taken
  const inUse = usedBytes === null ? '' : ` (${formatSize(usedBytes)} in use now)`
  return `${taken} This browser lets this site keep up to ${formatSize(quotaBytes)} on this device${inUse}.`
}

const Page = styled.div`
  width: 100%;
  max-width: 900px;
  margin: 0 auto;
  padding: 32px 16px;
  h1 { font-size: 1.6rem; margin: 0 0 12px; }
  h2 { font-size: 1.2rem; margin: 24px 0 12px; }
`

const Notice = styled.p`
  padding: 12px 14px;
  border: 1px solid ${theme.color.warning};
  border-radius: ${theme.radius.small};
  background: ${theme.color.warningSoft};
  color: ${theme.color.warning};
`

const Status = styled.p`
  color: ${theme.color.success};
  font-weight: 600;
  /* Kept in the page while empty: a live region added with its message is not always announced. */
  &:empty { margin: 0; }
`

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`
