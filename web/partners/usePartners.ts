import { useCallback, useEffect, useState } from 'react'
import type { Partner } from '../../schemas/partners/my-partners.ts'
import { errorMessage } from '../api/client.ts'
import { myPartnersApi } from '../api/my-partners.ts'

/**
 * The people I have practised with, read when the page opens and again on `reload` (after an action elsewhere on
 * the page changes who is listed); null while the first read runs.
 */
export function usePartners() {
  const [partners, setPartners] = useState<Partner[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [reads, setReads] = useState(0)

  useEffect(() => {
    let current = true
    myPartnersApi.mine().then(
      (read) => {
        if (!current) return
        setPartners(read)
        setFailure(null)
      },
      (error) => current && setFailure(errorMessage(error, 'Your partners could not be loaded. Please reload the page.')),
    )
    return () => {
      current = false
    }
  }, [reads])

  const reload = useCallback(() => setReads((n) => n + 1), [])

  /** Takes a partner off the list; a failure is thrown to the dialog that asked, which shows it. */
  const remove = async (userId: number) => {
    await myPartnersApi.remove(userId)
    setPartners((list) => list?.filter((partner) => partner.userId !== userId) ?? null)
  }

  return { partners, failure, reload, remove }
}
