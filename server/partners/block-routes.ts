import type { FastifyInstance } from 'fastify'
import { safetyContracts } from '../../schemas/api/safety.ts'
import { CANNOT_BLOCK_YOURSELF, NO_SUCH_CANDIDATE } from '../../schemas/partners/safety.ts'
import type { Db } from '../db/connect.ts'
import { badRequest, notFound } from '../errors.ts'
import { perUserLimit } from '../request-identity.ts'
import { serve } from '../route-contract.ts'
import type { SessionEngine } from '../sessions/engine/engine.ts'
import { addBlock, blockableBy, blocksBy, plannedSeatsBetween, removeBlock, stopWhatIsBetween } from './blocks-repo.ts'

export interface SafetyRoutesOptions {
  db: Db
  engine: Pick<SessionEngine, 'runner' | 'now'>
  rateLimits: boolean
}

/** Blocks and unblocks a user may make in a minute: a few people at once, not a sweep over every id. */
const BLOCKS_PER_MINUTE = 20

export const NOT_BLOCKED = 'You have not blocked this person'

/**
 * /api/blocks (issue 36): a candidate blocks another, lifts their own block and lists whom they blocked. Nothing
 * lists who blocked me. Only someone the caller could know may be blocked (blockableBy): the route tells no more
 * of an id than their profile does, so it neither names a hidden account nor tells who blocked whom.
 */
export async function blockRoutes(app: FastifyInstance, options: SafetyRoutesOptions) {
  const { db, engine } = options
  const limited = perUserLimit(app, options, BLOCKS_PER_MINUTE)

  serve(app, safetyContracts.block, limited, async (request, { body: { userId } }) => {
    const me = request.currentUser
    if (userId === me.id) throw badRequest(CANNOT_BLOCK_YOURSELF, { validationErrors: { userId: CANNOT_BLOCK_YOURSELF } })
    const now = engine.now()
    const other = await blockableBy(db, me.id, userId, now)
    if (!other) throw notFound(NO_SUCH_CANDIDATE)
    await db.transaction().execute(async (trx) => {
      await addBlock(trx, me.id, userId, new Date(now))
      await stopWhatIsBetween(trx, me.id, userId, new Date(now))
    })
    await leavePlannedSeats(me.id, userId, now)
    return { message: `${other.name} is blocked. You will not see each other on Find Partners, and they are not told.` }
  })

  serve(app, safetyContracts.unblock, limited, async (request, { params: { userId } }) => {
    if (!(await removeBlock(db, request.currentUser.id, userId))) throw notFound(NOT_BLOCKED)
    return { message: 'Unblocked' }
  })

  serve(app, safetyContracts.blocks, { preHandler: app.authenticate }, async (request) => ({
    blocked: (await blocksBy(db, request.currentUser.id)).map((row) => ({ userId: Number(row.id), name: row.name, blockedAt: new Date(row.created_at).toISOString() })),
  }))

  /**
   * Whoever of the two holds a seat in a planned session the other hosts leaves it through the session's own
   * command, as themselves, so the room, the board and the host's page hear it as any leave.
   */
  async function leavePlannedSeats(a: number, b: number, now: number) {
    for (const seat of await plannedSeatsBetween(db, a, b, now)) {
      try {
        await engine.runner.execute(Number(seat.session_id), { type: 'Leave', reason: 'LEFT' }, { userId: Number(seat.user_id), name: seat.name, isAdmin: false })
      } catch (error) {
        // Left already, or the session ended meanwhile: nothing is left to leave; the block itself holds.
        app.log.warn({ err: error, sessionId: seat.session_id }, 'a blocked seat could not be left')
      }
    }
  }
}
