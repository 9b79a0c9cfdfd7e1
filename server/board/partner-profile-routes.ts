import type { FastifyInstance } from 'fastify'
import { PartnerProfileBody, type PartnerProfile } from '../../schemas/board.ts'
import type { Db } from '../db/connect.ts'
import type { UserRow } from '../db/schema.ts'
import { parseBody } from '../validation.ts'
import type { BoardNotifier } from './board-notifier.ts'

const profileOf = (user: Pick<UserRow, 'exam_month' | 'time_zone' | 'hidden_from_board'>): PartnerProfile => ({
  examMonth: user.exam_month,
  timeZone: user.time_zone,
  hiddenFromBoard: user.hidden_from_board,
})

/**
 * /api/profile/partners: what the board shows of the user (exam month, time zone) and whether it shows them at
 * all. Kept apart from PUT /api/auth/profile, whose body the spec's client sends with the name only.
 */
export async function partnerProfileRoutes(app: FastifyInstance, options: { db: Db; notifier: BoardNotifier }) {
  const { db, notifier } = options
  const signedIn = { preHandler: app.authenticate }

  app.get('/profile/partners', signedIn, async (request) => ({ profile: profileOf(request.currentUser) }))

  app.put('/profile/partners', signedIn, async (request) => {
    const body = parseBody(PartnerProfileBody, request.body)
    const row = await db
      .updateTable('users')
      .set({ exam_month: body.examMonth, time_zone: body.timeZone, hidden_from_board: body.hiddenFromBoard })
      .where('id', '=', request.currentUser.id)
      .returning(['exam_month', 'time_zone', 'hidden_from_board'])
      .executeTakeFirstOrThrow()
    app.forgetAccount(request.currentUser.id)
    // The host's listings show (or hide) what changed.
    notifier.changed(null)
    return { profile: profileOf(row), message: 'Partner settings saved' }
  })
}
