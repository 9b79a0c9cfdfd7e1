import type { BoardBooking, ListingRequest, PartnerProfile } from '../../schemas/board.ts'
import { boardContracts } from '../../schemas/api/board.ts'
import { call } from './client.ts'

/** The Find Partners calls (issue 20). */

export interface BoardFilters {
  withinHours?: number
  topic?: string
  nearMyExam?: boolean
}

/** Only the filters set: an empty topic or an unticked box is no filter. */
const boardQuery = (filters: BoardFilters) => ({
  ...(filters.withinHours !== undefined ? { withinHours: String(filters.withinHours) } : {}),
  ...(filters.topic ? { topic: filters.topic } : {}),
  ...(filters.nearMyExam ? { nearMyExam: 'true' as const } : {}),
})

export const boardApi = {
  listings: (filters: BoardFilters) => call(boardContracts.board, { query: boardQuery(filters) }).then((answer) => answer.listings),
  listingOf: (sessionCode: string) => call(boardContracts.listingOf, { params: { code: sessionCode } }).then((answer) => answer.listing),
  list: (body: ListingRequest) => call(boardContracts.list, { body }),
  takeSeat: (id: number, role: BoardBooking['role']) => call(boardContracts.takeSeat, { params: { id }, body: { role } }),
  cancel: (id: number) => call(boardContracts.cancel, { params: { id } }),
  profile: () => call(boardContracts.profile).then((answer) => answer.profile),
  saveProfile: (profile: PartnerProfile) => call(boardContracts.saveProfile, { body: profile }),
  adminListings: () => call(boardContracts.adminListings).then((answer) => answer.listings),
  adminRemove: (id: number) => call(boardContracts.adminRemove, { params: { id } }),
}
