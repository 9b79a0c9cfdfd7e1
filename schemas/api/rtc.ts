import { RtcConfigQuery, RtcConfigSchema } from '../rtc.ts'
import { route } from './contract.ts'

/** The call's ICE servers, for a participant of a running session (issue 30). */
export const rtcContracts = {
  config: route('GET', '/rtc/config', { query: RtcConfigQuery, answer: RtcConfigSchema }),
}
