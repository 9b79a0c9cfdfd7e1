import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { boardContracts } from '../../schemas/api/board.ts'
import type { PartnerProfile } from '../../schemas/board.ts'
import type { Db } from '../db/connect.ts'
import type { UserRow } from '../db/schema.ts'
import { perUserLimit } from '../request-identity.ts'
import { serve } from '../route-contract.ts'
import type { BoardNotifier } from './board-notifier.ts'

const profileOf = (user: Pick<UserRow, 'exam_month' | 'time_zone' | 'hidden_from_board'>): PartnerProfile => ({
  examMonth: user.exam_month,
  timeZone: user.time_zone,
  hiddenFromBoard: user.hidden_from_board,
})

/** Saves a user may make in a minute: plenty for a person, and each real change makes every open board read again. */
const SAVES_PER_MINUTE = 10

/**
 * /api/profile/partners: what the board shows of the user (exam month, time zone) and whether it shows them at
 * all. Kept apart from PUT /api/auth/profile, whose body the spec's client sends with the name only.
 */
export async function partnerProfileRoutes(app: FastifyInstance, options: { db: Db; notifier: BoardNotifier; rateLimits: boolean }) {
  const { db, notifier } = options
  const signedIn = { preHandler: app.authenticate }

  serve(app, boardContracts.profile, signedIn, async (request) => ({ profile: profileOf(request.currentUser) }))

  serve(app, boardContracts.saveProfile, perUserLimit(app, options, SAVES_PER_MINUTE), async (request, { body }) => {
    const saved = { exam_month: body.examMonth, time_zone: body.timeZone, hidden_from_board: body.hiddenFromBoard }
    // Written only if it differs, so a save that changes nothing tells no board (issue 30: every save did).
    const changed = await db
      .updateTable('users')
      .set(saved)
      .where('id', '=', request.currentUser.id)
      .where(sql<boolean>`(exam_month, time_zone, hidden_from_board) is distinct from (${saved.exam_month}, ${saved.time_zone}, ${saved.hidden_from_board})`)
      .returning('id')
      .executeTakeFirst()
    if (changed) {
      app.forgetAccount(request.currentUser.id)
      // The host's listings show (or hide) what changed.
      notifier.changed(null)
    }
    return { profile: profileOf(saved), message: 'Partner settings saved' }
  })
}
