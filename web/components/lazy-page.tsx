import { Component, lazy, type ComponentType, type ReactNode } from 'react'
import { Button } from './Button.tsx'

const RELOADED_KEY = 'plab.reloadedForNewRelease'

/**
 * A page whose code loads when first opened. After a new release the old code's file names are gone, so a page
 * opened in a tab loaded before it fails to load: the tab reloads once, and the new release's index names the new
 * files. A second failure in a row (offline, say) is shown by PageLoadBoundary rather than reloading for ever.
 */
// `any` props: React.lazy's own bound, so a page or a component with props can be loaded this way.
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() =>
    load().then(
      (page) => {
        forget()
        return page
      },
      (error: unknown) => {
        if (reloadedAlready()) throw error
        remember()
        window.location.reload()
        // The reload replaces the page; until then nothing renders.
        return new Promise<{ default: T }>(() => undefined)
      },
    ),
  )
}

function reloadedAlready(): boolean {
  try {
    return sessionStorage.getItem(RELOADED_KEY) !== null
  } catch {
    return true
  }
}
function remember() {
  try {
    sessionStorage.setItem(RELOADED_KEY, '1')
  } catch {
    // Without storage the page is not reloaded twice anyway: reloadedAlready says yes.
  }
}
function forget() {
  try {
    sessionStorage.removeItem(RELOADED_KEY)
  } catch {
    // nothing kept
  }
}

/** What shows instead of a blank screen when a page's code could not be loaded. */
export class PageLoadBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    // Another address is another page: it gets its own try.
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div role="alert" style={{ padding: '32px 16px', maxWidth: 640, margin: '0 auto' }}>
        <h1>This page could not be loaded</h1>
        <p>Check your connection, then reload. Nothing you saved is lost.</p>
        <Button type="button" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    )
  }
}
