/** The parts of Google Identity Services (https://accounts.google.com/gsi/client) that we call. */
export interface GoogleIdentity {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup' }): void
  renderButton(
    parent: HTMLElement,
    options: { type?: 'standard'; theme?: 'outline' | 'filled_blue'; size?: 'large'; text?: 'signin_with' | 'continue_with'; width?: number },
  ): void
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } }
  }
}

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client'

let loading: Promise<void> | null = null

/** Loads the script once per page; a failed load can be retried by the next caller. */
export function loadGoogleScript(): Promise<void> {
  if (window.google?.accounts?.id) return Promise.resolve()
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = GOOGLE_SCRIPT_URL
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      script.remove()
      loading = null
      reject(new Error('Google Sign-In script failed to load'))
    }
    document.head.appendChild(script)
  })
  return loading
}
