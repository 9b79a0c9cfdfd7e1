import { useId, useState, type ChangeEvent } from 'react'
import styled from 'styled-components'
import { imageSource } from '../../session/room/case-content.ts'
import { API_BASE, errorMessage } from '../../api/client.ts'
import { uploadImage } from '../../api/content.ts'
import { ErrorText, Field, Label } from '../../forms/TextField.tsx'
import { theme } from '../../theme.ts'
import { SmallButton } from '../controls.tsx'
import { EditorField } from './editor-layout.tsx'

interface ImageUploadProps {
  url: string
  onChange: (url: string) => void
  /** The editor keeps Save disabled while bytes are still on their way. */
  onUploadingChange: (uploading: boolean) => void
  error?: string
}

/** An image finding: uploaded here (checked first, with progress) or given as an address, with a preview. */
export function ImageUpload({ url, onChange, onUploadingChange, error }: ImageUploadProps) {
  const fileId = useId()
  const [progress, setProgress] = useState<number | null>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [previewFailed, setPreviewFailed] = useState(false)

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Cleared at once, so choosing the same file again (after fixing it) fires another change.
    event.target.value = ''
    if (!file) return
    setUploadError(null)
    // Busy from the first check on: a second file chosen meanwhile would race this one.
    setProgress(0)
    onUploadingChange(true)
    try {
      const problem = await imageFileProblem(file)
      if (problem) return setUploadError(problem)
      const uploaded = await uploadImage(file, setProgress)
      setPreviewFailed(false)
      onChange(uploaded.url)
    } catch (failure) {
      setUploadError(errorMessage(failure, 'Error occurred while uploading file'))
    } finally {
      setProgress(null)
      onUploadingChange(false)
    }
  }

  const percent = progress === null ? 0 : Math.round(progress * 100)
  return (
    <>
      <Field>
        <Label htmlFor={fileId}>Upload image</Label>
        <FileInput id={fileId} type="file" accept={ACCEPTED_IMAGE_TYPES.join(',')} onChange={onFile} disabled={progress !== null} aria-describedby={`${fileId}-hint`} />
        <Small id={`${fileId}-hint`}>JPEG, PNG, GIF or WebP, at most 5 MB and 2048x2048 pixels.</Small>
        {progress !== null && (
          <Uploading role="status">
            <progress value={progress} max={1} aria-label="Upload progress" />
            Uploading... {percent}%
          </Uploading>
        )}
        {uploadError && <ErrorText role="alert">{uploadError}</ErrorText>}
      </Field>
      <EditorField
        label="Image URL"
        type="url"
        value={url}
        onChange={(next) => {
          setPreviewFailed(false)
          onChange(next)
        }}
        placeholder="https://... or an uploaded image"
        error={error}
      />
      {url.trim() && (
        <Preview>
          {previewFailed ? (
            <ErrorText role="alert">The image at this address could not be loaded.</ErrorText>
          ) : (
            <img src={imageSource(url.trim(), API_BASE)} alt="Preview of the findings image" onError={() => setPreviewFailed(true)} />
          )}
          <SmallButton type="button" $variant="secondary" onClick={() => onChange('')}>
            Remove Image
          </SmallButton>
        </Preview>
      )}
    </>
  )
}

/**
 * The checks SPEC.md section 5 asks for before an image is sent, with its messages. The server repeats them
 * on the bytes themselves (server/content/image-files.ts); these only spare the admin a pointless upload.
 */

const MAX_IMAGE_BYTES = 5 * 1024 * 1024
const MAX_IMAGE_SIDE = 2048
const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']

const IMAGE_MESSAGES = {
  tooLarge: 'File size too large. Maximum allowed size is 5MB.',
  wrongType: 'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
  tooManyPixels: 'Image dimensions too large. Maximum allowed size is 2048x2048 pixels.',
  unreadable: 'Invalid image file. Please select a valid image.',
} as const

/** Resolves to the message that refuses the file, or null when it may be uploaded. */
async function imageFileProblem(file: File): Promise<string | null> {
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return IMAGE_MESSAGES.wrongType
  const size = await readDimensions(file)
  if (!size) return IMAGE_MESSAGES.unreadable
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) return IMAGE_MESSAGES.tooManyPixels
  return null
}

/** Decodes the file with the browser's own Image: null when it cannot (a renamed or damaged file). */
function readDimensions(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const image = new Image()
    const finish = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url)
      resolve(size)
    }
    image.onload = () => finish(image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null)
    image.onerror = () => finish(null)
    image.src = url
  })
}

const FileInput = styled.input`
  min-height: 44px;
  padding: 8px 0;
  max-width: 100%;
`

const Small = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${theme.color.muted};
`

const Uploading = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  progress { flex: 1; max-width: 240px; height: 12px; }
`

const Preview = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 10px;
  margin-bottom: 16px;
  img {
    max-height: 260px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.small};
    background: ${theme.color.background};
  }
`
