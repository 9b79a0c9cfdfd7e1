import { useEffect, useRef, type KeyboardEvent, type SyntheticEvent } from 'react'

/**
 * The one way a native <dialog> is shown as a modal here (session dialogs and admin modals alike). showModal()
 * makes the rest of the page inert and keeps focus inside; focus returns where it was when it closes, unless the
 * owner has already put it elsewhere (the control that opened it went with what it did).
 *
 * Escape never closes it by itself: it is reported through `onEscape` (absent for a mandatory dialog) and the
 * owner decides. It is caught on keydown, not only on the cancel event, because Chromium closes a dialog anyway
 * on a second Escape whose cancel was refused. The cancel event reports it too: when focus has fallen out of the
 * dialog (a focused button that became disabled drops it to the page) the keydown never reaches the dialog, and
 * only the cancel says Escape was pressed. Should the browser still close it while `open`, it is shown again: a
 * mandatory dialog that silently disappears would leave the user stuck behind it.
 */
export function useModalDialog(open: boolean, onEscape?: () => void) {
  const ref = useRef<HTMLDialogElement>(null)
  const escape = useRef(onEscape)
  escape.current = onEscape

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const returnFocusTo = document.activeElement as HTMLElement | null
    const reopen = () => {
      if (!dialog.open) dialog.showModal()
    }
    dialog.showModal()
    // React's autoFocus runs before showModal and is lost; `data-autofocus` marks what should start focused.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    dialog.addEventListener('close', reopen)
    return () => {
      dialog.removeEventListener('close', reopen)
      if (dialog.open) dialog.close()
      const focused = document.activeElement
      if (!focused || focused === document.body || dialog.contains(focused)) returnFocusTo?.focus?.()
    }
  }, [open])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    escape.current?.()
  }
  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault()
    escape.current?.()
  }

  return { ref, onKeyDown, onCancel }
}
