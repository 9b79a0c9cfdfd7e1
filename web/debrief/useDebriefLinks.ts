import { useEffect, useState } from 'react'
import type { DebriefLink } from '../../schemas/debrief.ts'
import { debriefApi } from '../api/debrief.ts'

/**
 * The debriefs of the rounds this user sat as doctor, asked again whenever `askAgain` changes. Someone who sat no
 * round as doctor has none, and a failure leaves the links as they were: the dashboard offers the same debriefs.
 */
export function useDebriefLinks(code: string, askAgain = ''): DebriefLink[] {
  const [links, setLinks] = useState<DebriefLink[]>([])
  useEffect(() => {
    let current = true
    debriefApi.list(code).then((answer) => current && setLinks(answer), () => undefined)
    return () => {
      current = false
    }
  }, [code, askAgain])
  return links
}
