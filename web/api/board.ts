import type { BoardListing, ListingRequest, PartnerProfile } from '../../schemas/board.ts'
import { api } from './client.ts'

/** The Find Partners calls (issue 20). */

export interface BoardFilters {
  withinHours?: number
  topic?: string
  nearMyExam?: boolean
}

const query = (filters: BoardFilters) => {
  const params = new URLSearchParams()
  if (filters.withinHours !== undefined) params.set('withinHours', String(filters.withinHours))
  if (filters.topic) params.set('topic', filters.topic)
  if (filters.nearMyExam) params.set('nearMyExam', 'true')
  const text = params.toString()
  return text ? `?${text}` : ''
}

export interface SeatAnswer {
  sessionCode: string
  role: 'PATIENT' | 'OBSERVER'
  startsAt: string | null
  message: string
}

export const boardApi = {
  listings: (filters: BoardFilters) => api.get<{ listings: BoardListing[] }>(`/board${query(filters)}`).then((answer) => answer.listings),
  listingOf: (sessionCode: string) => api.get<{ listing: BoardListing | null }>(`/board/sessions/${encodeURIComponent(sessionCode)}/listing`).then((answer) => answer.listing),
  list: (body: ListingRequest) => api.post<{ listing: BoardListing; message: string }>('/board/listings', body),
  takeSeat: (id: number, role: SeatAnswer['role']) => api.post<SeatAnswer>(`/board/listings/${id}/seats`, { role }),
  cancel: (id: number) => api.delete<{ message: string }>(`/board/listings/${id}`),
  profile: () => api.get<{ profile: PartnerProfile }>('/profile/partners').then((answer) => answer.profile),
  saveProfile: (profile: PartnerProfile) => api.put<{ profile: PartnerProfile; message: string }>('/profile/partners', profile),
  adminListings: () => api.get<{ listings: BoardListing[] }>('/admin/board').then((answer) => answer.listings),
  adminRemove: (id: number) => api.delete<{ message: string }>(`/admin/board/listings/${id}`),
}
