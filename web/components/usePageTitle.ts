import { useEffect } from 'react'

/** Each page names itself in the tab and for screen readers announcing the new page. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | PLAB Practice`
  }, [title])
}
