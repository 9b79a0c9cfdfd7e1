import * as v from 'valibot'
import { MessageAnswer, route } from './contract.ts'
import { PartnerInvitationSchema, PartnerParams, PartnerSchema } from '../partners/my-partners.ts'

/** My partners (issue 36): the people I have practised with, removing one, practising again, invitations to me. */
export const myPartnersContracts = {
  mine: route('GET', '/partners/mine', { answer: v.object({ partners: v.array(PartnerSchema) }) }),
  remove: route('DELETE', '/partners/mine/:userId', { params: PartnerParams, answer: MessageAnswer }),
  practiseAgain: route('POST', '/partners/mine/:userId/practise-again', {
    params: PartnerParams,
    answer: v.object({ sessionCode: v.string(), message: v.string() }),
  }),
  invitations: route('GET', '/partners/invitations', { answer: v.object({ invitations: v.array(PartnerInvitationSchema) }) }),
}
