import { useRef } from 'react'

/**
 * The control that replaces the one pressed takes the focus (a keyboard user would otherwise fall back to the top
 * of the page): say which with `next(name)` before the change, and give each candidate `focusIf(name)` as its ref.
 */
export function useFocusNext<Name extends string>() {
  const pending = useRef<Name | null>(null)
  return {
    next: (name: Name) => {
      pending.current = name
    },
    focusIf: (name: Name) => (element: HTMLElement | null) => {
      if (element && pending.current === name) {
        element.focus()
        pending.current = null
      }
    },
  }
}
