import * as v from 'valibot'
import { ResultSheetSchema, SharedResultSheetSchema } from '../mock/result-sheet.ts'
import { MessageAnswer, route } from './contract.ts'

/** A private link's token: 22 characters of base64url (128 random bits). */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{22}$/
const ShareParams = v.object({ token: v.pipe(v.string(), v.regex(SHARE_TOKEN, 'This link is not one of ours')) })
const ShareAnswer = v.object({ token: v.nullable(v.string()) })

/** A mock exam's result sheet (issue 33): the candidate's own, and the private link they may share and withdraw. */
export const mockContracts = {
  resultSheet: route('GET', '/sessions/:code/mock-result', { answer: ResultSheetSchema }),
  /** The live link of the caller's sheet, or null. */
  share: route('GET', '/sessions/:code/mock-result/share', { answer: ShareAnswer }),
  /** Makes the link (or answers the live one). */
  createShare: route('POST', '/sessions/:code/mock-result/share', { answer: ShareAnswer }),
  /** Withdraws the live link: it is never answered again. */
  revokeShare: route('DELETE', '/sessions/:code/mock-result/share', { answer: MessageAnswer }),
  /** Anyone with the link, signed in or not. */
  shared: route('GET', '/shared/mock-results/:token', { params: ShareParams, answer: SharedResultSheetSchema }),
}
