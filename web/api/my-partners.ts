import { myPartnersContracts } from '../../schemas/api/my-partners.ts'
import { call } from './client.ts'

/** My partners (issue 36): the people I have practised with, and invitations to practise again. */
export const myPartnersApi = {
  mine: () => call(myPartnersContracts.mine).then((answer) => answer.partners),
  remove: (userId: number) => call(myPartnersContracts.remove, { params: { userId } }),
  practiseAgain: (userId: number) => call(myPartnersContracts.practiseAgain, { params: { userId } }),
  invitations: (signal?: AbortSignal) => call(myPartnersContracts.invitations, { signal }).then((answer) => answer.invitations),
}
