import type { Selectable } from 'kysely'
import type { ContactFields, ContactMessageView } from '../../schemas/contact.ts'
import type { Db } from '../db/connect.ts'
import type { ContactMessagesTable } from '../db/schema.ts'

type ContactMessageRow = Selectable<ContactMessagesTable>

export const contactMessageView = (row: ContactMessageRow): ContactMessageView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  receivedAt: row.received_at.toISOString(),
  handledAt: row.handled_at?.toISOString() ?? null,
  handledBy: row.handled_by,
})

export async function storeContactMessage(db: Db, fields: ContactFields): Promise<ContactMessageRow> {
  return db.insertInto('contact_messages').values(fields).returningAll().executeTakeFirstOrThrow()
}

/** Newest first: the waiting ones only, or every message kept. */
export async function contactMessages(db: Db, show: 'waiting' | 'all'): Promise<ContactMessageRow[]> {
  let query = db.selectFrom('contact_messages').selectAll().orderBy('received_at', 'desc').orderBy('id', 'desc')
  if (show === 'waiting') query = query.where('handled_at', 'is', null)
  return query.execute()
}

export async function countWaitingMessages(db: Db): Promise<number> {
  const { count } = await db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<string>().as('count')).where('handled_at', 'is', null).executeTakeFirstOrThrow()
  return Number(count)
}

/** Marks a message answered by `adminName`, or waiting again; undefined when there is no such message. */
export async function setMessageHandled(db: Db, id: number, handledBy: string | null): Promise<ContactMessageRow | undefined> {
  return db
    .updateTable('contact_messages')
    .set(handledBy === null ? { handled_at: null, handled_by: null } : { handled_at: new Date(), handled_by: handledBy })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function deleteContactMessage(db: Db, id: number): Promise<boolean> {
  const { numDeletedRows } = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst()
  return numDeletedRows > 0n
}
