import { availabilityContracts } from '../../schemas/api/availability.ts'
import type { HoursStretch } from '../../schemas/partners/availability.ts'
import { call } from './client.ts'

/** Weekly free hours and "Partners free when I am" (issue 36). */
export const availabilityApi = {
  hours: () => call(availabilityContracts.hours).then((answer) => answer.hours),
  saveHours: (hours: HoursStretch[]) => call(availabilityContracts.saveHours, { body: { hours } }),
  matches: (examNear: boolean) => call(availabilityContracts.matches, { query: { examNear: examNear ? 'true' : 'false' } }),
  person: (userId: number) => call(availabilityContracts.person, { params: { id: userId } }).then((answer) => answer.candidate),
}
