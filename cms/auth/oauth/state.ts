import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

import type { Request } from 'express'
import type OAuth2Strategy from 'passport-oauth2'

import { cookieName, cookieValues, secureAttribute, secureCookies } from '../cookies'
import type { User } from '../../payload-types'
import type { SocialProvider } from './config'
import { safeRedirect } from '@common/sameSitePath'

/** How long a sign-in may take between leaving for the provider and coming back. */
export const stateMaxAgeSeconds = 10 * 60

/**
 * Provider, nonce, redirect, time; and when the signed-in user connects the provider from
 * Accounts, `c` with the account (`u`) and the session (`s`) that started it: only that same
 * session may finish it, so a callback replayed into someone else's browser links nothing.
 */
type StateData = { p: SocialProvider; n: string; r: string; t: number; c?: 1; u?: string; s?: string }

/** The session a connect flow belongs to. */
export type ConnectSession = { userId: string; sid: string }

export type VerifiedState = { redirect: string; connect: ConnectSession | null }

/** A signed-in request's account and session. */
export type SignedIn = { user: User; session: ConnectSession }

/**
 * Over https the nonce cookie is `__Host-` prefixed (so no other host or port can plant one), which
 * requires `Path=/`; over plain http it is scoped to the provider's callback path.
 */
export const nonceCookieName = (provider: SocialProvider) => cookieName(`oauth-nonce-${provider}`)

const cookiePath = (provider: SocialProvider) => (secureCookies() ? '/' : `/authenticate/${provider}`)

/**
 * The nonce rides in an HttpOnly cookie. SameSite=Lax still sends it on the provider's top-level
 * redirect back, while another site cannot read it.
 */
export const nonceCookie = (provider: SocialProvider, nonce: string) =>
  `${nonceCookieName(provider)}=${nonce}; Path=${cookiePath(provider)}; Max-Age=${stateMaxAgeSeconds}; HttpOnly; SameSite=Lax${secureAttribute()}`

export const expiredNonceCookie = (provider: SocialProvider) =>
  `${nonceCookieName(provider)}=; Path=${cookiePath(provider)}; Max-Age=0; HttpOnly; SameSite=Lax${secureAttribute()}`

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(`civics360-oauth-state:${body}`).digest()

const equal = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b)

/** The OAuth `state`: provider, nonce, validated redirect, time and the connecting session, signed with the Payload secret. */
export const signState = (
  secret: string,
  provider: SocialProvider,
  nonce: string,
  redirect: string,
  now = Date.now(),
  connect: ConnectSession | null = null,
) => {
  const data: StateData = {
    p: provider,
    n: nonce,
    r: safeRedirect(redirect),
    t: now,
    ...(connect ? { c: 1 as const, u: connect.userId, s: connect.sid } : {}),
  }
  const body = Buffer.from(JSON.stringify(data)).toString('base64url')
  return `${body}.${mac(secret, body).toString('base64url')}`
}

/** The redirect (and connecting session) carried by a state that is ours, fresh, for this provider and this browser's nonce; else null. */
export const verifyState = (secret: string, provider: SocialProvider, state: unknown, nonce: string | undefined, now = Date.now()): VerifiedState | null => {
  if (typeof state !== 'string' || state.length > 4000 || !nonce) return null
  const [body, signature, extra] = state.split('.')
  if (!body || !signature || extra !== undefined) return null
  if (!equal(Buffer.from(signature, 'base64url'), mac(secret, body))) return null
  let data: Partial<StateData>
  try {
    data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (data.p !== provider || typeof data.n !== 'string' || typeof data.t !== 'number') return null
  if (now - data.t > stateMaxAgeSeconds * 1000 || data.t - now > 60_000) return null
  if (!equal(Buffer.from(data.n), Buffer.from(nonce))) return null
  if (data.c === 1 && (typeof data.u !== 'string' || typeof data.s !== 'string')) return null
  return { redirect: safeRedirect(data.r), connect: data.c === 1 ? { userId: data.u as string, sid: data.s as string } : null }
}

type StoreCallback = OAuth2Strategy.StateStoreStoreCallback
type VerifyCallback = OAuth2Strategy.StateStoreVerifyCallback
const lastArgument = <T>(args: unknown[]) => args[args.length - 1] as T

/**
 * passport-oauth2's state store, without express-session: `store` signs a fresh state and sets
 * the nonce cookie; `verify` checks both on the way back and hands the redirect to the callback.
 * (passport picks the call shape from the arity; the callback always comes last.)
 */
export class SignedStateStore implements OAuth2Strategy.StateStore {
  constructor(
    private readonly provider: SocialProvider,
    private readonly secret: string,
    /** The signed-in session the request carries, if any. */
    private readonly sessionOf: (req: Request) => Promise<SignedIn | null>,
  ) {}

  store(req: Request, callback: StoreCallback): void
  store(req: Request, meta: OAuth2Strategy.Metadata, callback: StoreCallback): void
  store(req: Request, ...rest: unknown[]) {
    const nonce = randomBytes(24).toString('base64url')
    req.res?.append('Set-Cookie', nonceCookie(this.provider, nonce))
    // The route found the signed-in session before leaving (cms/auth/oauth/routes.ts).
    const connect: ConnectSession | null = req.res?.locals.connectSession ?? null
    lastArgument<StoreCallback>(rest)(null, signState(this.secret, this.provider, nonce, safeRedirect(req.query.redirect), Date.now(), connect))
  }

  verify(req: Request, state: string, callback: VerifyCallback): void
  verify(req: Request, state: string, meta: OAuth2Strategy.Metadata, callback: VerifyCallback): void
  verify(req: Request, state: string, ...rest: unknown[]) {
    const done = lastArgument<VerifyCallback>(rest)
    // Exactly one nonce cookie: a second one can only have been planted (by a page on another port
    // of this host, over plain http), and which of the two a parser takes is not ours to bet on.
    const nonces = cookieValues(req.headers.cookie, nonceCookieName(this.provider))
    const verified = nonces.length === 1 ? verifyState(this.secret, this.provider, state, nonces[0]) : null
    if (!verified) return done(null, false, { code: 'state' })
    if (req.res) req.res.locals.oauthRedirect = verified.redirect
    const { connect } = verified
    if (!connect) return done(null, true, verified)
    // A connect finishes only in the session that started it, checked before the code is redeemed.
    this.sessionOf(req).then(
      (signedIn) => {
        if (!signedIn || signedIn.session.userId !== connect.userId || signedIn.session.sid !== connect.sid) {
          return done(null, false, { code: 'connect_session' })
        }
        if (req.res) req.res.locals.oauthConnectUser = signedIn.user
        done(null, true, verified)
      },
      (error: Error) => done(error, false, { code: 'server' }),
    )
  }
}
