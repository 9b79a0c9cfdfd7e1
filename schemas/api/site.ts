import * as v from 'valibot'
import { PublicConfigSchema } from '../auth.ts'
import { route } from './contract.ts'

/** The routes about the deployment itself rather than any area of the product (server/app.ts). */
export const siteContracts = {
  /** The success only: an unreachable database answers 503 `{ error, status: 'down', database }`. */
  health: route('GET', '/health', { answer: v.object({ status: v.literal('ok'), database: v.picklist(['postgres', 'pglite']) }) }),
  config: route('GET', '/config', { answer: PublicConfigSchema }),
}
