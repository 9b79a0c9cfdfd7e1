import { useSearchParams } from 'wouter'
import type { TabDefinition } from './Tabs.tsx'

/**
 * The open admin tab, kept in the address (/admin?tab=sessions; the first tab is plain /admin): a reload, or Back
 * from a page a tab links to (a session's timeline), opens the same tab again. An unknown name opens the first.
 */
export function useAdminTab<K extends string>(tabs: ReadonlyArray<TabDefinition<K>>): [K, (key: K) => void] {
  const [params, setParams] = useSearchParams()
  const first = tabs[0].key
  const tab = tabs.find((each) => each.key === params.get('tab'))?.key ?? first
  const select = (key: K) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (key === first) next.delete('tab')
        else next.set('tab', key)
        return next
      },
      // Replaced, not pushed: Back leaves the admin panel rather than stepping through the tabs.
      { replace: true },
    )
  return [tab, select]
}
