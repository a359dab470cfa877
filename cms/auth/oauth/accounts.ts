import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'

import { generateUsername } from '@collections/Users/endpoints/usernames'
import type { User } from '../../payload-types'
import type { SocialProfile } from './profile'

type Identity = { id?: string; provider: string; district?: string | null; subject: string; email?: string | null }

/** Why a sign-in ends on /login instead of in a session; the login page words each code. */
export type RefusalCode =
  'missing_email' | 'student' | 'provider' | 'unconfirmed_email' | 'identity_taken' | 'connect_session' | 'district_role' | 'district_account'

export type SignInOutcome = { user: User; created: boolean; linked: boolean } | { refused: RefusalCode }

const isStudent = (user: User) => user.attributes?.type === 'student'

const identitiesOf = (user: User): Identity[] =>
  ((user.identities ?? []) as Identity[]).map(({ id, provider, district, subject, email }) => ({
    id,
    provider,
    ...(provider === 'district' ? { district: district ?? null } : {}),
    subject,
    email: email ?? null,
  }))

/**
 * The account holding an identity with this subject that `matches` also accepts. Every condition
 * must hold on the same identity, so they are checked here rather than in the query.
 */
const findByIdentitySubject = async (payload: Payload, subject: string, matches: (identity: Identity) => boolean): Promise<User | null> => {
  const { docs } = await payload.find({
    collection: 'users',
    where: { 'identities.subject': { equals: subject } },
    limit: 10,
    depth: 0,
    overrideAccess: true,
  })
  return (docs as User[]).find((user) => identitiesOf(user).some(matches)) ?? null
}

const findByIdentity = (payload: Payload, profile: SocialProfile): Promise<User | null> =>
  findByIdentitySubject(payload, profile.subject, (i) => i.provider === profile.provider && i.subject === profile.subject)

const findByEmail = async (payload: Payload, email: string): Promise<User | null> => {
  const { docs } = await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, depth: 0, overrideAccess: true })
  return (docs[0] as User | undefined) ?? null
}

const oauthMeta = (profile: SocialProfile, current: User['meta'] = {}) => ({
  oauthFirstName: current.oauthFirstName || profile.firstName,
  oauthLastName: current.oauthLastName || profile.lastName,
  oauthEmail: current.oauthEmail || profile.email,
})

/**
 * A new account that signs in through a provider or a district: its login is the email the
 * provider confirmed, else a generated username, and `fields` add its identity and the rest.
 */
const createProviderAccount = async (payload: Payload, confirmedEmail: string | null, fields: Record<string, unknown>): Promise<SignInOutcome> => {
  const login = confirmedEmail ? { email: confirmedEmail, emailVerified: true } : { username: await generateUsername(payload) }
  const user = await payload.create({
    collection: 'users',
    data: {
      ...login,
      // Unusable: nobody ever sees it. `hasPassword: false` keeps the local login out of `providers`
      // until the user connects an email and password of their own.
      password: randomBytes(32).toString('base64url'),
      hasPassword: false,
      ...fields,
    } as never,
    depth: 0,
    overrideAccess: true,
  })
  return { user: user as User, created: true, linked: false }
}

const newIdentity = (profile: SocialProfile): Identity => ({ provider: profile.provider, subject: profile.subject, email: profile.email })

/** The account (as stored) gains an identity, and the names and email it came with. */
const addIdentity = async (payload: Payload, account: User, identity: Identity, meta: User['meta']): Promise<SignInOutcome> => {
  const user = await payload.update({
    collection: 'users',
    id: account.id,
    data: { identities: [...identitiesOf(account), identity], meta } as never,
    depth: 0,
    overrideAccess: true,
  })
  return { user: user as User, created: false, linked: true }
}

/** The account (as stored) gains the provider identity. */
const linkIdentity = (payload: Payload, account: User, profile: SocialProfile) =>
  addIdentity(payload, account, newIdentity(profile), oauthMeta(profile, account.meta ?? {}))

/**
 * The account a social sign-in opens (README, "Social sign-in"):
 * 1. the account that already holds this provider identity;
 * 2. else, when the provider vouches for the email, the account with that email, which gains the identity,
 *    if that account confirmed its email (else the owner logs in and connects the provider from Accounts);
 * 3. else a new educator account with no type yet. Its login email is the provider's email only when
 *    verified; an unverified one is kept in `meta.oauthEmail` for the user to confirm by connecting it,
 *    and the account gets a generated username instead, so nobody can claim an address by way of a
 *    provider that does not check it.
 * Students never sign in socially; a provider without any email is refused.
 */
export const signInWithProfile = async (payload: Payload, profile: SocialProfile): Promise<SignInOutcome> => {
  if (!profile.subject) return { refused: 'provider' }

  const known = await findByIdentity(payload, profile)
  if (known) return isStudent(known) ? { refused: 'student' } : { user: known, created: false, linked: false }

  if (!profile.email) return { refused: 'missing_email' }

  if (profile.emailVerified) {
    const owner = await findByEmail(payload, profile.email)
    if (owner) {
      if (isStudent(owner)) return { refused: 'student' }
      // Whoever signed up with this email may not own it: link only once the owner confirmed it.
      if (owner.emailVerified !== true) return { refused: 'unconfirmed_email' }
      return linkIdentity(payload, owner, profile)
    }
  }

  return createProviderAccount(payload, profile.emailVerified ? profile.email : null, { identities: [newIdentity(profile)], meta: oauthMeta(profile) })
}

/**
 * Connect from Accounts: the signed-in account gains this provider identity, unless another
 * account already holds it. Students never sign in socially.
 */
export const connectIdentity = async (payload: Payload, account: User, profile: SocialProfile): Promise<SignInOutcome> => {
  if (!profile.subject) return { refused: 'provider' }
  if (isStudent(account)) return { refused: 'student' }
  const holder = await findByIdentity(payload, profile)
  if (holder) return String(holder.id) === String(account.id) ? { user: holder, created: false, linked: false } : { refused: 'identity_taken' }
  return linkIdentity(payload, await payload.findByID({ collection: 'users', id: account.id, depth: 0, overrideAccess: true }), profile)
}

/**
 * What a district's identity provider vouches for (cms/auth/district/claims.ts reads it from the
 * verified id_token): the district's key, its user id, student or teacher, and for teachers an email
 * and names. `emailVouched` only when the email lies in one of the district's own email domains.
 */
export type DistrictProfile = {
  district: string
  subject: string
  role: 'student' | 'teacher'
  email: string | null
  emailVouched: boolean
  firstName: string | null
  lastName: string | null
}

const isDistrictIdentity = (identity: Identity, profile: DistrictProfile) =>
  identity.provider === 'district' && identity.district === profile.district && identity.subject === profile.subject

const findByDistrictIdentity = (payload: Payload, profile: DistrictProfile): Promise<User | null> =>
  findByIdentitySubject(payload, profile.subject, (identity) => isDistrictIdentity(identity, profile))

/** The account a roster import of this district made for this district user id. */
const findByRoster = async (payload: Payload, profile: DistrictProfile): Promise<User | null> => {
  const { docs } = await payload.find({
    collection: 'users',
    where: { and: [{ 'roster.district': { equals: profile.district } }, { 'roster.sourcedId': { equals: profile.subject } }] },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  return (docs[0] as User | undefined) ?? null
}

/** An account belongs to another district when a roster or a sign-in of that district already claims it. */
const ofAnotherDistrict = (user: User, profile: DistrictProfile) =>
  (Boolean(user.roster?.district) && user.roster?.district !== profile.district) ||
  identitiesOf(user).some((identity) => identity.provider === 'district' && identity.district === profile.district && identity.subject !== profile.subject)

/** The district decides who is a student: an account it opens must already be of that kind. */
const roleMatches = (user: User, profile: DistrictProfile) => isStudent(user) === (profile.role === 'student')

const districtIdentity = (profile: DistrictProfile): Identity => ({
  provider: 'district',
  district: profile.district,
  subject: profile.subject,
  // A student's email is never kept (students need none); a teacher's only as the district sent it.
  ...(profile.role === 'teacher' && profile.email ? { email: profile.email } : {}),
})

const districtMeta = (profile: DistrictProfile, current: User['meta'] = {}) =>
  profile.role === 'student'
    ? current
    : {
        oauthFirstName: current.oauthFirstName || profile.firstName,
        oauthLastName: current.oauthLastName || profile.lastName,
        oauthEmail: current.oauthEmail || profile.email,
      }

const linkDistrictIdentity = (payload: Payload, account: User, profile: DistrictProfile) =>
  addIdentity(payload, account, districtIdentity(profile), districtMeta(profile, account.meta ?? {}))

/**
 * The account a district sign-in opens (docs/adr/district-sign-in-accounts.md), by the same rules as
 * a social sign-in, narrowed to the district:
 * 1. the account that already holds this district identity (district key and user id);
 * 2. else the account a roster import of this district made for this user id, which gains the identity;
 * 3. else, for a teacher whose email the district vouches for, the account with that email, which
 *    gains the identity, if its owner confirmed the email and no other district (or another user of
 *    this one) claims it;
 * 4. else a new account of the district's kind: a student gets a generated username (their display
 *    name), no email, no name and no password; a teacher as a social sign-in's new account, typed teacher.
 * An account is opened only when it is of the kind (student or not) the district says.
 */
export const signInWithDistrict = async (payload: Payload, profile: DistrictProfile): Promise<SignInOutcome> => {
  if (!profile.subject || !profile.district) return { refused: 'provider' }

  const known = (await findByDistrictIdentity(payload, profile)) ?? null
  if (known) {
    if (!roleMatches(known, profile) || (known.roster?.district && known.roster.district !== profile.district)) return { refused: 'district_account' }
    return { user: known, created: false, linked: false }
  }

  const rostered = await findByRoster(payload, profile)
  if (rostered) return roleMatches(rostered, profile) ? linkDistrictIdentity(payload, rostered, profile) : { refused: 'district_account' }

  if (profile.role === 'teacher' && profile.email && profile.emailVouched) {
    const owner = await findByEmail(payload, profile.email)
    if (owner) {
      if (!roleMatches(owner, profile) || owner.emailVerified !== true || ofAnotherDistrict(owner, profile)) return { refused: 'district_account' }
      return linkDistrictIdentity(payload, owner, profile)
    }
  }

  return createProviderAccount(payload, profile.role === 'teacher' && profile.emailVouched ? profile.email : null, {
    attributes: { type: profile.role },
    identities: [districtIdentity(profile)],
    meta: districtMeta(profile),
  })
}
