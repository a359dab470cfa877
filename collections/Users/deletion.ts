import type { CollectionAfterDeleteHook, CollectionBeforeDeleteHook, PayloadRequest, Where } from 'payload'

import type { DeletedStudent, DeletionReceipt, RemovedCounts } from '@common/answers/privacy'
import { idOf } from '@common/ids'
import type { Assignment, User } from '../../cms/payload-types'
import { writeAuditEntry } from '../AuditLog/recordRead'

const receiptKey = 'deletionReceipts'

type Receipts = Record<string, RemovedCounts>

const receiptsOf = (req: PayloadRequest): Receipts => ((req.context[receiptKey] as Receipts | undefined) ??= {})

const deleted = async (
  req: PayloadRequest,
  collection: 'attempts' | 'tickets' | 'schools' | 'payload-preferences' | 'payload-locked-documents',
  where: Where,
) => (await req.payload.delete({ collection, where, overrideAccess: true, depth: 0, req })).docs.length

/** The assignments that name the student, left without them: their list of students and their extensions. */
const takeOutOfAssignments = async (req: PayloadRequest, id: number | string): Promise<number> => {
  const { docs } = await req.payload.find({
    collection: 'assignments',
    where: { or: [{ students: { equals: id } }, { 'extensions.student': { equals: id } }] },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  for (const assignment of docs as Assignment[]) {
    await req.payload.update({
      collection: 'assignments',
      id: assignment.id,
      data: {
        students: (assignment.students ?? []).map(idOf).filter((s) => s !== null && String(s) !== String(id)) as number[],
        extensions: (assignment.extensions ?? []).filter((e) => String(idOf(e.student)) !== String(id)),
      },
      overrideAccess: true,
      depth: 0,
      req,
    })
  }
  return docs.length
}

/**
 * A deleted account's own records go with it (a school's deletion request means all of them): its
 * attempts (with their resume data and xAPI state), its place in assignments, the tickets it filed,
 * the schools only it could see, its admin preferences and locks. Its sessions and classroom
 * membership live on the account's row. Runs before the delete, inside its transaction, on every
 * route (the roster, `DELETE /api/users/:id`, the admin, the retention purge); what it removed is
 * kept on the request for the receipt.
 */
export const deleteDataOfUser: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const user = (await req.payload.db.findOne({ collection: 'users', where: { id: { equals: id } }, req })) as User | null
  const byUser: Where = { and: [{ 'user.relationTo': { equals: 'users' } }, { 'user.value': { equals: id } }] }
  const removed: RemovedCounts = {
    account: user ? 1 : 0,
    sessions: user?.sessions?.length ?? 0,
    attempts: await deleted(req, 'attempts', { student: { equals: id } }),
    assignmentEntries: await takeOutOfAssignments(req, id),
    tickets: await deleted(req, 'tickets', { user: { equals: id } }),
    schools: await deleted(req, 'schools', { user: { equals: id } }),
    preferences: (await deleted(req, 'payload-preferences', byUser)) + (await deleted(req, 'payload-locked-documents', byUser)),
  }
  receiptsOf(req)[String(id)] = removed
}

/** The deletion of a student's account is recorded: who, when, the account's number and the counts, never its name. */
export const recordStudentDeletion: CollectionAfterDeleteHook = async ({ id, doc, req }) => {
  if ((doc as User).attributes?.type !== 'student') return doc
  await writeAuditEntry(req, {
    action: 'student-deleted',
    student: id,
    classroom: idOf((doc as User).attributes?.classroom),
    detail: { ...receiptsOf(req)[String(id)] },
  })
  return doc
}

/** The receipt for the accounts this request deleted. */
export const deletionReceipt = (req: PayloadRequest, students: Pick<User, 'id' | 'username'>[]): DeletionReceipt => {
  const user = req.user as { username?: string | null; email?: string | null } | null | undefined
  const receipts = receiptsOf(req)
  return {
    deletedAt: new Date().toISOString(),
    deletedBy: user?.username || user?.email || null,
    students: students.map((s): DeletedStudent => ({
      id: s.id,
      username: s.username ?? null,
      removed: receipts[String(s.id)] ?? { account: 0, sessions: 0, attempts: 0, assignmentEntries: 0, tickets: 0, schools: 0, preferences: 0 },
    })),
    kept: 'The audit log keeps a record of each deletion and of earlier reads, naming the account by number only.',
  }
}
