import * as v from 'valibot'
import { SoloMarksBody, SoloMoveOnBody, SoloStartBody, SoloStationListSchema, SoloStationSchema } from '../solo/solo-wire.ts'
import { route } from './contract.ts'

const SoloParams = v.object({ id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, 'There is no such solo station'), v.transform(Number)) })

/** Stations practised alone (issue 34): each only ever its own candidate's. */
export const soloContracts = {
  list: route('GET', '/solo-stations', { answer: SoloStationListSchema }),
  start: route('POST', '/solo-stations', { body: SoloStartBody, answer: SoloStationSchema }),
  get: route('GET', '/solo-stations/:id', { params: SoloParams, answer: SoloStationSchema }),
  /** "Start the station now" and "End the station": a repeat, or one after the clock ran out, changes nothing. */
  moveOn: route('POST', '/solo-stations/:id/move-on', { params: SoloParams, body: SoloMoveOnBody, answer: SoloStationSchema }),
  /** The candidate's marks of themselves, once the station is over; saved again as often as they change them. */
  saveMarks: route('PUT', '/solo-stations/:id/marks', { params: SoloParams, body: SoloMarksBody, answer: SoloStationSchema }),
}
