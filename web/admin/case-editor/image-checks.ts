/**
 * The checks SPEC.md section 5 asks for before an image is sent, with its messages. The server repeats them
 * on the bytes themselves (server/content/image-files.ts); these only spare the admin a pointless upload.
 */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const MAX_IMAGE_SIDE = 2048
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']

export const IMAGE_MESSAGES = {
  tooLarge: 'File size too large. Maximum allowed size is 5MB.',
  wrongType: 'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
  tooManyPixels: 'Image dimensions too large. Maximum allowed size is 2048x2048 pixels.',
  unreadable: 'Invalid image file. Please select a valid image.',
} as const

/** Resolves to the message that refuses the file, or null when it may be uploaded. */
export async function imageFileProblem(file: File): Promise<string | null> {
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
