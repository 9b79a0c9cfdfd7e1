import type { ContributionContent } from '../../schemas/contributions/contribution-body.ts'
import type { Contribution, MyContribution, QueuedContribution } from '../../schemas/contributions/contribution-wire.ts'
import { FORMER_USER } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'
import { contributionsOf, reviewQueue, threadOf, type ContributionRow, type ThreadRow } from './contributions-repo.ts'

/** The one place contribution rows become their wire shapes (schemas/contributions/contribution-wire.ts). */

const iso = (time: Date) => new Date(time).toISOString()
const isoOrNull = (time: Date | null) => (time === null ? null : iso(time))

const threadEntry = (row: ThreadRow, authorId: number) => ({
  kind: row.kind,
  body: row.body,
  by: row.name ?? FORMER_USER,
  byAuthor: row.author_id === authorId,
  at: iso(row.created_at),
})

export async function contributionView(db: Db, row: ContributionRow, viewerId: number): Promise<Contribution> {
  const thread = await threadOf(db, row.id)
  return {
    id: row.id,
    state: row.state,
    showName: row.show_name,
    content: row.content as ContributionContent,
    caseId: row.case_id,
    authorName: row.author_name,
    yours: row.author_id === viewerId,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    submittedAt: isoOrNull(row.submitted_at),
    thread: thread.map((entry) => threadEntry(entry, row.author_id)),
  }
}

export async function myContributions(db: Db, authorId: number): Promise<MyContribution[]> {
  const rows = await contributionsOf(db, authorId)
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    state: row.state,
    showName: row.show_name,
    lastReviewerMessage: row.last_reviewer_message,
    caseId: row.case_id,
    updatedAt: iso(row.updated_at),
    submittedAt: isoOrNull(row.submitted_at),
  }))
}

export async function queueView(db: Db): Promise<QueuedContribution[]> {
  const rows = await reviewQueue(db)
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    topic: row.topic,
    authorName: row.author_name,
    state: row.state as QueuedContribution['state'],
    // Set by the submission that put it in the queue.
    submittedAt: iso(row.submitted_at!),
  }))
}
