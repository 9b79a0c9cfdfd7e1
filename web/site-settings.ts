import { useEffect, useState } from 'react'
import type { PublicConfig } from '../schemas/auth.ts'
import type { SiteLinks } from '../schemas/contact.ts'
import { fetchPublicConfig } from './api/auth.ts'

let loading: Promise<PublicConfig> | null = null

/**
 * GET /api/config, read once per page load: the footer on every page and the sign-in page share one request.
 * A failure is forgotten so that the next caller asks again.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  loading ??= fetchPublicConfig().catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

const NO_LINKS: SiteLinks = { communityUrl: null, donationUrl: null, contactEmail: null }

/**
 * The deployment's outside links (COMMUNITY_URL, DONATION_URL, CONTACT_EMAIL on the server). Until they arrive,
 * or when one is not set, that link is simply not shown.
 */
export function useSiteLinks(): SiteLinks {
  const [links, setLinks] = useState<SiteLinks>(NO_LINKS)
  useEffect(() => {
    let active = true
    loadPublicConfig()
      .then((config) => active && setLinks(config.siteLinks ?? NO_LINKS))
      .catch(() => undefined)
    return () => {
      active = false
    }
  }, [])
  return links
}
