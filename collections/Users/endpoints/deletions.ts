import type { Endpoint, PayloadRequest, Where } from 'payload'

import type { ListDeletionAnswer } from '@common/answers/privacy'
import { userHasScope } from '../../../common/scopes'
import { inTransaction } from '@cms/attempts/transaction'
import { badRequest, type Body, forbidden, json, onlyFields, readBody, requireUser, throwIfErrors, type FieldError } from '@cms/http/endpointInput'
import type { User } from '../../../cms/payload-types'
import { deletionReceipt } from '../deletion'

/** The most names one request deletes: a district's request is split into lists of this size. */
export const maxNamesPerDeletion = 1000

export const deletionMessages = {
  onlyStaff: 'Only staff who manage accounts (users:write) can delete a list of students.',
  // Written out (not built from maxNamesPerDeletion) so the translation check finds the sentence the server sends.
  names: 'Send usernames or sourcedIds: a list of 1 to 1000 names.',
  oneList: 'Send usernames or sourcedIds, not both.',
  district: 'district must be the district key of the roster that gave the sourcedIds.',
  severalDistricts: 'A sourcedId names students in more than one district: send district too.',
  done: "The students' accounts and all their data were deleted. Keep this receipt.",
  none: 'No student account matched the list: nothing was deleted.',
} as const

const nameList = (body: Body, key: 'usernames' | 'sourcedIds', errors: FieldError[]): string[] | null => {
  const value = body[key]
  if (value === undefined) return null
  if (
    !Array.isArray(value) ||
    value.length < 1 ||
    value.length > maxNamesPerDeletion ||
    !value.every((name) => typeof name === 'string' && name.trim() !== '' && name.length <= 200)
  ) {
    errors.push({ path: key, message: deletionMessages.names })
    return null
  }
  return [...new Set((value as string[]).map((name) => name.trim()))]
}

const findAccounts = (req: PayloadRequest, where: Where) =>
  req.payload.find({ collection: 'users', where, pagination: false, depth: 0, overrideAccess: true, req }).then((r) => r.docs as User[])

/**
 * POST /api/users/deletions `{ usernames }` or `{ sourcedIds, district? }`: a district's request to
 * delete students, by the names it knows them by. Every matched student account is deleted with all
 * its data (Users' beforeDelete), in one transaction on PostgreSQL; the answer is the receipt and
 * the names that matched no student, so the district sees what was and was not done. Staff with
 * users:write only; accounts that are not students are never deleted here.
 */
export const deletionEndpoint: Endpoint = {
  path: '/deletions',
  method: 'post',
  handler: async (req) => {
    const me = requireUser(req)
    if (!userHasScope(me, 'users:write')) throw forbidden(deletionMessages.onlyStaff)
    const body = await readBody(req)
    onlyFields(body, ['usernames', 'sourcedIds', 'district'])
    const errors: FieldError[] = []
    const usernames = nameList(body, 'usernames', errors)
    const sourcedIds = nameList(body, 'sourcedIds', errors)
    if (body.usernames !== undefined && body.sourcedIds !== undefined) errors.push({ path: 'sourcedIds', message: deletionMessages.oneList })
    if (body.usernames === undefined && body.sourcedIds === undefined) errors.push({ path: 'usernames', message: deletionMessages.names })
    const district = body.district
    if (district !== undefined && (typeof district !== 'string' || district.trim() === '' || district.length > 200))
      errors.push({ path: 'district', message: deletionMessages.district })
    throwIfErrors(errors)

    const names = (usernames ?? sourcedIds) as string[]
    const accounts = usernames
      ? await findAccounts(req, { username: { in: usernames } })
      : await findAccounts(req, {
          and: [{ 'roster.sourcedId': { in: sourcedIds } }, ...(typeof district === 'string' ? [{ 'roster.district': { equals: district.trim() } }] : [])],
        })
    const nameOf = (account: User) => (usernames ? account.username : account.roster?.sourcedId) ?? ''
    if (sourcedIds && district === undefined) {
      const districts = new Map<string, Set<string>>()
      for (const account of accounts) districts.set(nameOf(account), (districts.get(nameOf(account)) ?? new Set()).add(account.roster?.district ?? ''))
      if ([...districts.values()].some((d) => d.size > 1)) throw badRequest([{ path: 'district', message: deletionMessages.severalDistricts }])
    }
    const students = accounts.filter((account) => account.attributes?.type === 'student')
    const found = new Set(accounts.map(nameOf))
    const notStudents = accounts.filter((account) => account.attributes?.type !== 'student').map(nameOf)
    await inTransaction(req, async () => {
      for (const student of students) await req.payload.delete({ collection: 'users', id: student.id, overrideAccess: true, req })
    })
    return json({
      message: students.length ? deletionMessages.done : deletionMessages.none,
      receipt: deletionReceipt(req, students),
      notFound: names.filter((name) => !found.has(name)),
      notStudents,
    } satisfies ListDeletionAnswer)
  },
}
