import type { CaseSearchQueryIn } from '../../schemas/case-search.ts'

/**
 * The filters of "Find a case" as a page keeps them: the text of the query string ('' for "any"), under the same
 * keys the API reads (schemas/case-search.ts), so the page's address is the search and a reload keeps it.
 */
/** The candidate's page (web/pages/FindCase.tsx). */
export const FIND_CASE_PATH = '/case-bank'

export const FILTER_KEYS = ['q', 'topic', 'stationType', 'mlaArea', 'difficulty', 'minRealism', 'recallFrom', 'recallTo', 'notPlayedByMe'] as const
export type FilterKey = (typeof FILTER_KEYS)[number]
export type CaseFilters = Record<FilterKey, string>

export const NO_FILTERS = Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])) as CaseFilters

export function filtersFrom(search: string): CaseFilters {
  const params = new URLSearchParams(search)
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as CaseFilters
}

/** The page of results the address names, counted from 0 as the API counts; anything else is the first. */
export function pageFrom(search: string): number {
  const page = new URLSearchParams(search).get('page') ?? ''
  return /^\d{1,6}$/.test(page) ? Number(page) : 0
}

const chosen = (filters: CaseFilters) => FILTER_KEYS.filter((key) => filters[key].trim() !== '').map((key): [FilterKey, string] => [key, filters[key]])

export const hasFilters = (filters: CaseFilters) => chosen(filters).length > 0

/** The address's query string: only the filters chosen, and the page after the first. */
export function addressQuery(filters: CaseFilters, page: number): string {
  const params = new URLSearchParams(chosen(filters))
  if (page > 0) params.set('page', String(page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The API's query; its schema checks each value (the page checks them first, to show each under its field). */
export function searchQuery(filters: CaseFilters, page: number, pageSize: number): CaseSearchQueryIn {
  return { ...Object.fromEntries(chosen(filters)), page: String(page), pageSize: String(pageSize) } as CaseSearchQueryIn
}
