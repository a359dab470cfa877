import type { Payload, Where } from 'payload'

import type { BlockedRequest, PackageSettings } from '@common/packageHosts'

/** A package records at most this many hosts: enough to show an editor, too few to fill a table. */
export const hostsPerPackage = 50

/** A host reported again within this time is not written again (by this process). */
const quietMs = 60_000
const recentLimit = 10_000

/**
 * The content origin's view of the product's data (cms/packages/content/app.ts): a package's
 * allowed hosts, and a place to record what it tried to reach. `current` gives the booted Payload,
 * or undefined before the boot (packages then play with no host allowed, and reports are dropped).
 */
export const packageSettings = (current: () => Payload | undefined): PackageSettings => {
  const recent = new Map<string, number>()

  const activityOf = async (payload: Payload, id: string) => {
    // A name from the address: on the SQL databases an id is a number, and anything else names nothing.
    if (payload.db.defaultIDType === 'number' && !/^\d{1,15}$/.test(id)) return undefined
    const found = await payload.find({
      collection: 'activities',
      where: { id: { equals: id } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      select: { type: true, allowedHosts: true },
    })
    return found.docs[0] as { id: number | string; type?: string | null; allowedHosts?: string[] | null } | undefined
  }

  const record = async (payload: Payload, activity: number | string, blocked: BlockedRequest, now: Date) => {
    const where: Where = { and: [{ activity: { equals: activity } }, { host: { equals: blocked.host } }] }
    const existing = await payload.find({ collection: 'blocked-requests', where, limit: 1, depth: 0, overrideAccess: true })
    const row = existing.docs[0]
    if (row) {
      await payload.update({
        collection: 'blocked-requests',
        id: row.id,
        data: { count: (row.count ?? 0) + 1, lastSeen: now.toISOString(), directive: blocked.directive },
        depth: 0,
        overrideAccess: true,
      })
      return
    }
    const { totalDocs } = await payload.count({ collection: 'blocked-requests', where: { activity: { equals: activity } }, overrideAccess: true })
    if (totalDocs >= hostsPerPackage) return
    // Another instance may create the same row at the same moment: the unique index keeps one.
    const created = await payload
      .create({
        collection: 'blocked-requests',
        data: { activity: activity as number, host: blocked.host, directive: blocked.directive, count: 1, lastSeen: now.toISOString() },
        depth: 0,
        overrideAccess: true,
      })
      .catch(() => null)
    // Other instances count at the same time as this one: a row past the bound goes again.
    if (!created) return
    const after = await payload.count({ collection: 'blocked-requests', where: { activity: { equals: activity } }, overrideAccess: true })
    if (after.totalDocs > hostsPerPackage) await payload.delete({ collection: 'blocked-requests', id: created.id, overrideAccess: true })
  }

  // One report is written at a time by this process: a flood of reports waits its turn rather than
  // taking the database's connections, and this process's count before a write is exact.
  let queue: Promise<unknown> = Promise.resolve()
  const inTurn = (work: () => Promise<void>) => {
    const turn = queue.then(work)
    queue = turn.catch(() => {})
    return turn
  }

  return {
    allowedHosts: async (activityId) => {
      const payload = current()
      if (!payload) return []
      const activity = await activityOf(payload, activityId)
      return activity?.type === 'storyline' ? (activity.allowedHosts ?? []) : []
    },
    recordBlocked: async (activityId, blocked) => {
      const payload = current()
      if (!payload) return
      const now = new Date()
      const fresh = blocked.filter(({ host }) => {
        const key = `${activityId} ${host}`
        const last = recent.get(key)
        if (last !== undefined && now.getTime() - last < quietMs) return false
        if (recent.size >= recentLimit) recent.clear()
        recent.set(key, now.getTime())
        return true
      })
      if (!fresh.length) return
      await inTurn(async () => {
        const activity = await activityOf(payload, activityId)
        if (activity?.type !== 'storyline') return
        for (const one of fresh) await record(payload, activity.id, one, now)
      })
    },
  }
}
