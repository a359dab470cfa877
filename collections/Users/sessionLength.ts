import { type AuthStrategy, createLocalReq, type Payload } from 'payload'

import { type SessionHolder, writeSessions } from './hooks/limitSessions'

/**
 * How long a session lasts (docs/adr/session-lengths.md). Students share school devices: their
 * session ends a school day after they logged in, whatever they do. Everyone else (teachers,
 * staff) keeps theirs for at most a week, and loses it after two days without a request.
 *
 * Every way in (password login, signup, password reset, social sign-in) opens a Payload session
 * (`user.sessions`, each with `createdAt` and `expiresAt`); the length is enforced here, where
 * every request's token is checked, so no route can open a longer one. The JWT's own `exp` (the
 * collection's `tokenExpiration`) is the outer bound.
 */
const hour = 60 * 60 * 1000
const day = 24 * hour

export const sessionLengths = {
  /** A student's session: from login, however active. */
  student: 10 * hour,
  /** A teacher's or staff member's session: from login, however active. */
  staff: 7 * day,
  /** A teacher's or staff member's session ends after this long without a request. */
  staffIdle: 2 * day,
}

/** A busy staff session's end moves forward at most this often (one account write each time). */
const idleStep = hour

type Session = { id: string; createdAt?: string | Date | null; expiresAt: string | Date }
type Account = SessionHolder & { attributes?: { type?: string | null } | null; _sid?: string }

const time = (value: string | Date | null | undefined) => (value ? new Date(value).getTime() : Number.NaN)

const isStudent = (account: Account) => account.attributes?.type === 'student'

/**
 * When the session ends. A staff session's `expiresAt` holds its idle deadline (moved forward by
 * activity, never past the week); a student's ends a school day after its start.
 */
export const sessionEnd = (account: Account, session: Session): number => {
  const started = time(session.createdAt)
  const stored = time(session.expiresAt)
  if (Number.isNaN(started)) return stored
  return Math.min(stored, started + (isStudent(account) ? sessionLengths.student : sessionLengths.staff))
}

/** The idle deadline a staff session should carry after a request now, or undefined when it carries it already. */
const movedIdleDeadline = (account: Account, session: Session, now: number): Date | undefined => {
  if (isStudent(account)) return undefined
  const started = time(session.createdAt)
  const wanted = Math.min(now + sessionLengths.staffIdle, Number.isNaN(started) ? Infinity : started + sessionLengths.staff)
  const stored = time(session.expiresAt)
  // A fresh login carries the week (Payload's `tokenExpiration`): brought down to the idle window.
  return stored > wanted || wanted - stored >= idleStep ? new Date(wanted) : undefined
}

/**
 * Changes one session of the account as stored now (the checked copy may predate a login
 * elsewhere, whose session a rewrite from it would drop): `change` answers the new session, or
 * null to end it.
 */
const changeSession = async (payload: Payload, accountId: number | string, sid: string, change: (session: Session) => Session | null) => {
  const req = await createLocalReq({}, payload)
  const stored = await payload.db.findOne<SessionHolder>({
    collection: 'users',
    where: { id: { equals: accountId } },
    select: { sessions: true, identities: true },
    req,
  })
  if (!stored) return
  const sessions = ((stored.sessions ?? []) as Session[]).flatMap((session) => (session.id === sid ? (change(session) ?? []) : [session]))
  await writeSessions(payload, req, stored, sessions)
}

/**
 * The account's session lengths on top of a token check: a session past its end is removed from
 * the account (so Payload's own JWT check, which runs next, refuses the token too) and the request
 * is anonymous; a staff session in use has its idle deadline moved forward.
 */
export const withSessionLengths = (strategy: AuthStrategy): AuthStrategy => ({
  name: strategy.name,
  authenticate: async (args) => {
    const result = await strategy.authenticate(args)
    const account = result.user as Account | null | undefined
    if (!account?._sid) return result
    const sessions = (account.sessions ?? []) as Session[]
    const session = sessions.find(({ id }) => id === account._sid)
    if (!session) return result
    const now = Date.now()
    if (now >= sessionEnd(account, session)) {
      await changeSession(args.payload, account.id, session.id, () => null)
      return { user: null }
    }
    const moved = movedIdleDeadline(account, session, now)
    if (moved) {
      // A failed write costs the session nothing but an hour of idle time.
      await changeSession(args.payload, account.id, session.id, (stored) => ({ ...stored, expiresAt: moved })).catch((err) =>
        args.payload.logger.warn({ err }, 'Could not move a session’s idle deadline forward'),
      )
    }
    return result
  },
})
