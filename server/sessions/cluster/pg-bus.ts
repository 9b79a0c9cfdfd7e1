import { randomUUID } from 'node:crypto'
import type { SessionBus } from './bus.ts'
import { commitsOverPostgres, type CommitsOverPostgresOptions } from './pg-commits.ts'
import { presenceOverPostgres } from './pg-presence.ts'
import { signalsOverPostgres } from './pg-signals.ts'

/**
 * The bus across server instances: commits, presence and call signals each on a NOTIFY channel of their own,
 * all heard on the instance's one LISTEN connection (pg-listener.ts).
 */
export function postgresBus(options: CommitsOverPostgresOptions): SessionBus {
  const { listener, log } = options
  const instanceId = randomUUID()
  const commits = commitsOverPostgres(options)
  const presence = presenceOverPostgres(listener, instanceId, log)
  const signals = signalsOverPostgres(listener, instanceId, log)
  return {
    commits,
    presence,
    signals,
    async close() {
      presence.close()
      await signals.close()
      await commits.close()
    },
  }
}
