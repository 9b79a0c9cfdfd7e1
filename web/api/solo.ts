import { soloContracts } from '../../schemas/api/solo.ts'
import type { SoloMarks, SoloStart } from '../../schemas/solo/solo-wire.ts'
import { observeResponse } from '../session/server-clock.ts'
import { call } from './client.ts'

/** Stations practised alone (issue 34). Every answer also tells the page how far its clock is from the server's. */
const timed = () => ({ onResponse: observeResponse(Date.now()) })

export const soloApi = {
  list: (signal?: AbortSignal) => call(soloContracts.list, { signal }),
  start: (body: SoloStart) => call(soloContracts.start, { body, ...timed() }),
  get: (id: number, signal?: AbortSignal) => call(soloContracts.get, { params: { id: String(id) }, signal, ...timed() }),
  moveOn: (id: number, from: 'READING' | 'CONSULTATION') => call(soloContracts.moveOn, { params: { id: String(id) }, body: { from }, ...timed() }),
  saveMarks: (id: number, body: SoloMarks) => call(soloContracts.saveMarks, { params: { id: String(id) }, body }),
}
