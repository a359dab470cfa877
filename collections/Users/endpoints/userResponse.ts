import type { Payload, PayloadRequest } from 'payload'
import { NotFound } from 'payload'
import { generatePayloadCookie } from 'payload/shared'

import type { ClassroomShown, PublicUser, SchoolShown } from '@common/answers/account'
import type { LoginProvider } from '@common/userOptions'
import type { User } from '@cms/payload-types'
import { cachedAccountDocument, cachedAccountView, cachedShownDocument } from '@cms/cache'

type Doc = Record<string, unknown>

/**
 * An account as read: Payload's document with its school and classroom populated, left as ids, or
 * missing (the kept copy carries them as whatever `shown` found).
 */
type AccountRead = Omit<User, 'attributes'> & {
  attributes?: Omit<NonNullable<User['attributes']>, 'school' | 'classroom'> & { school?: unknown; classroom?: unknown }
}

const pick = <T>(source: unknown, keys: (keyof T & string)[]): T | null => {
  if (!source || typeof source !== 'object') return null
  const out: Doc = {}
  for (const key of keys) out[key] = (source as Doc)[key] ?? null
  return out as T
}

/** A relation as the client sees it: the picked fields of the document, or its id, or null. */
const shownRelation = <T>(value: unknown, keys: (keyof T & string)[]): T | number | null =>
  typeof value === 'object' ? pick<T>(value, keys) : ((value as number | undefined) ?? null)

/**
 * What the client sees of an account: never sessions, hashes, lock counters or raw identities.
 * A student's classroom is reduced to its name and code, a school to its address.
 */
export const publicUser = (user: AccountRead): PublicUser => {
  const attributes = {
    ...user.attributes,
    school: shownRelation<SchoolShown>(user.attributes?.school, ['id', 'name', 'district', 'state', 'country']),
    classroom: shownRelation<ClassroomShown>(user.attributes?.classroom, ['id', 'name', 'code']),
  }
  return {
    id: user.id,
    email: user.email ?? null,
    username: user.username ?? null,
    scopes: user.scopes ?? [],
    attributes,
    meta: user.meta ?? {},
    // A virtual field (collections/Users/providers.ts) the generated type knows only as JSON.
    providers: (user.providers as LoginProvider[] | null | undefined) ?? [],
    hasPassword: user.hasPassword !== false,
    emailVerified: user.emailVerified === true,
    mode: user.mode,
    size: user.size,
    theme: user.theme,
    language: user.language ?? null,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  }
}

/** What the client sees of an account's classroom and school (`publicUser` picks these). */
const shownOf = { classrooms: { name: true, code: true }, schools: { name: true, district: true, state: true, country: true } } as const

/** The account with its school and classroom, as the client sees it, read in the request's transaction. */
const readPublicUser = async (payload: Payload, id: string | number, req?: PayloadRequest) => {
  const user = await payload.findByID({ collection: 'users', id, depth: 1, populate: shownOf, overrideAccess: true, req, disableErrors: true })
  return user ? publicUser(user) : null
}

/**
 * A relationship at depth 0 (an id) read as `shownOf` shows it, cached (cms/cache); a
 * missing document stays its id, as Payload's depth 1 leaves it.
 */
const shown = async (payload: Payload, collection: keyof typeof shownOf, value: unknown) => {
  if (typeof value !== 'string' && typeof value !== 'number') return value
  const read = () => payload.findByID({ collection, id: value, depth: 0, select: shownOf[collection], overrideAccess: true, disableErrors: true })
  return (await cachedShownDocument(collection, value, read)) ?? value
}

/**
 * The client's view built from the cached account that Payload's JWT check also uses
 * (cms/cache), with its classroom and school read by id: after a login or a change, one
 * read of the account serves the next page's sign-in check and its page data.
 */
const cachedPublicUserRead = async (payload: Payload, id: string | number) => {
  const account = await cachedAccountDocument(payload, id)
  if (!account) return null
  const attributes = { ...((account.attributes as Doc | undefined) ?? {}) }
  const [classroom, school] = await Promise.all([shown(payload, 'classrooms', attributes.classroom), shown(payload, 'schools', attributes.school)])
  return publicUser({ ...account, attributes: { ...attributes, classroom, school } } as AccountRead)
}

/**
 * The account as the client sees it, cached between requests (cms/cache; forgotten when
 * the account, a classroom or a school changes). Inside a transaction it is read fresh, with it.
 */
export const loadPublicUser = async (req: PayloadRequest, id: string | number) => {
  const user = req.transactionID ? await readPublicUser(req.payload, id, req) : await keptPublicUser(req.payload, id)
  if (!user) throw new NotFound(req.t)
  return user
}

export const keptPublicUser = (payload: Payload, id: string | number) => cachedAccountView(id, 'public', () => cachedPublicUserRead(payload, id))

/** Writes the account (the caller has checked the change) and answers it as the client sees it, in one step. */
export const updatePublicUser = async (req: PayloadRequest, id: string | number, data: Record<string, unknown>) =>
  publicUser(await req.payload.update({ collection: 'users', id, data, depth: 1, overrideAccess: true, req }))

export const sessionCookie = (req: PayloadRequest, token: string): string =>
  generatePayloadCookie({
    collectionAuthConfig: req.payload.collections.users.config.auth,
    cookiePrefix: req.payload.config.cookiePrefix,
    token,
  })
