import { createContext, useContext, useEffect, useState } from 'react'
import type { PartnerProfile } from '../../schemas/board.ts'
import { writtenDate, writtenTime } from '../../schemas/time-zones.ts'
import { boardApi } from '../api/board.ts'

/**
 * Times on the pages (issue 30): entered and shown in the user's zone (their profile's, else the browser's), in
 * the browser's language; the conversions themselves are schemas/time-zones.ts.
 */

/** The browser's IANA time zone, e.g. Europe/London; UTC when it will not say. */
export function detectedTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** Every zone the browser knows, for the profile's picker (the detected one first if the list lacks it). */
export function knownTimeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return zones.includes(current) ? zones : [current, ...zones]
}

/**
 * An instant for this reader: in `zone`, in the browser's language. The zone is named where two zones meet:
 * always when `nameZone` says so (the board, beside its hosts' zones), and whenever `zone` is not the device's,
 * since the device's clock then shows another time.
 */
export function timeFor(at: string | number, zone: string, options: { nameZone?: boolean; length?: 'long' | 'short' } = {}): string {
  const ms = typeof at === 'number' ? at : Date.parse(at)
  return writtenTime(ms, { zone, locale: readerLocale(), nameZone: options.nameZone === true || zone !== detectedTimeZone(), length: options.length })
}

/** The day of an instant for this reader, in `zone`. */
export const dateFor = (at: string, zone: string) => writtenDate(Date.parse(at), { zone, locale: readerLocale() })

/** The browser's language, for times and dates written for this reader. */
export const readerLocale = () => navigator.language || 'en-GB'

/**
 * The zone a page's times are in, for components deep in a list (the dashboard's feedback): provided by the page
 * from useTimeZone, the browser's where none is.
 */
const ShownZone = createContext<string | null>(null)
export const ShownZoneProvider = ShownZone.Provider
export const useShownZone = () => useContext(ShownZone) ?? detectedTimeZone()

/** The user's partner profile (null until read) and the zone their times are in: the profile's, else the browser's. */
export function useTimeZone(): { zone: string; profile: PartnerProfile | null } {
  const [profile, setProfile] = useState<PartnerProfile | null>(null)
  useEffect(() => {
    let current = true
    // Unreadable: the browser's zone stands, as for someone who never set one.
    boardApi.profile().then((read) => current && setProfile(read), () => undefined)
    return () => {
      current = false
    }
  }, [])
  return { zone: profile?.timeZone ?? detectedTimeZone(), profile }
}

/** "February 2027" from 2027-02. */
export function monthName(examMonth: string): string {
  const [year, month] = examMonth.split('-').map(Number)
  return new Intl.DateTimeFormat(readerLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1))
}
