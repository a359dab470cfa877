import type { CollectionAfterOperationHook, PayloadRequest } from 'payload'

import type { AuditAction } from '../../common/audit'
import { idOf } from '../../common/ids'

export type AuditEntry = {
  action: AuditAction
  classroom?: number | string | null
  student?: number | string | null
  studentCount?: number
  detail?: Record<string, unknown>
}

const asNumber = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN
  return Number.isSafeInteger(n) ? n : null
}

/** The address without its query: filters and sorts are not what was read, and could be long. */
const pathOf = (req: PayloadRequest): string | null => {
  try {
    return new URL(req.url ?? '', 'http://localhost').pathname.slice(0, 300)
  } catch {
    return null
  }
}

/**
 * Writes one audit entry for this request, once: the adapter's insert alone (no hooks, no
 * validation, no read-back), inside the request's transaction when it has one, so a deletion and its
 * record commit together. A read starts this alongside its own queries and awaits both, so the
 * answer never leaves unrecorded and waits for one insert at most.
 */
export const recordRead = async (req: PayloadRequest, entry: AuditEntry): Promise<void> => {
  if (req.context.auditRecorded) return
  req.context.auditRecorded = true
  await writeAuditEntry(req, entry)
}

/** One audit entry, whatever else this request recorded: a deletion writes one per account it removed. */
export const writeAuditEntry = async (req: PayloadRequest, entry: AuditEntry): Promise<void> => {
  const user = req.user as { id?: unknown; username?: string | null; email?: string | null } | null | undefined
  await req.payload.db.create({
    collection: 'audit-log',
    req,
    returning: false,
    data: {
      actor: asNumber(user?.id),
      actorLogin: (user?.username || user?.email || null)?.slice(0, 200) ?? null,
      action: entry.action,
      path: pathOf(req),
      classroom: asNumber(entry.classroom),
      student: asNumber(entry.student),
      studentCount: entry.studentCount ?? (entry.student != null ? 1 : null),
      detail: entry.detail ?? null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    },
  })
}

type Doc = Record<string, unknown> & { id?: unknown }

const docsOf = (result: unknown): Doc[] => {
  if (!result || typeof result !== 'object') return []
  const docs = (result as { docs?: unknown }).docs
  return Array.isArray(docs) ? (docs as Doc[]) : [result as Doc]
}

/** The students whose data a Payload read answered: student accounts, or the students of attempts. */
const studentsIn = (collection: string, docs: Doc[]): Set<string> => {
  const ids = new Set<string>()
  for (const doc of docs) {
    if (collection === 'users') {
      // A list that selected no attributes may hold students too: only a known non-student is left out.
      const type = (doc.attributes as { type?: unknown } | undefined)?.type
      if (type === undefined || type === 'student') ids.add(String(doc.id))
    } else {
      const student = idOf(doc.student)
      if (student !== null) ids.add(String(student))
    }
  }
  return ids
}

/**
 * Payload's own reads of accounts and attempts (REST, the console's lists, the admin panel) by
 * someone other than the student: one entry per request. The server's reads with overrideAccess are
 * its own bookkeeping, and a product endpoint that already recorded its request is not recorded twice.
 */
export const recordApiReads: CollectionAfterOperationHook = async ({ args, collection, operation, req, result }) => {
  if (operation !== 'find' && operation !== 'findByID') return result
  if ((args as { overrideAccess?: boolean }).overrideAccess || !req.user || req.context.auditRecorded) return result
  const students = studentsIn(collection.slug, docsOf(result))
  students.delete(String(req.user.id))
  if (students.size === 0) return result
  await recordRead(req, {
    action: collection.slug === 'users' ? 'users-api' : 'attempts-api',
    student: students.size === 1 ? [...students][0] : null,
    studentCount: students.size,
  })
  return result
}

/** Runs a read of students' data with its audit entry written alongside; answers the read. */
export const recordedRead = async <T>(req: PayloadRequest, entry: AuditEntry, read: () => Promise<T>): Promise<T> => {
  const [value] = await Promise.all([read(), recordRead(req, entry)])
  return value
}
