import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

import type { Request } from 'express'
import type OAuth2Strategy from 'passport-oauth2'

import { readCookie } from '../csrf'
import { publicUrl } from '../env'
import type { SocialProvider } from './config'
import { safeRedirect } from '../../common/sameSitePath'

/** How long a sign-in may take between leaving for the provider and coming back. */
export const stateMaxAgeSeconds = 10 * 60

/** Provider, nonce, redirect, time, and `c` when the signed-in user connects the provider from Accounts. */
type StateData = { p: SocialProvider; n: string; r: string; t: number; c?: 1 }

export const nonceCookieName = (provider: SocialProvider) => `oauth-nonce-${provider}`

const cookiePath = (provider: SocialProvider) => `/authenticate/${provider}`
const secureFlag = () => (publicUrl().startsWith('https://') ? '; Secure' : '')

/**
 * The nonce rides in an HttpOnly cookie scoped to the callback path. SameSite=Lax still sends it
 * on the provider's top-level redirect back, while another site cannot read or plant it.
 */
export const nonceCookie = (provider: SocialProvider, nonce: string) =>
  `${nonceCookieName(provider)}=${nonce}; Path=${cookiePath(provider)}; Max-Age=${stateMaxAgeSeconds}; HttpOnly; SameSite=Lax${secureFlag()}`

export const expiredNonceCookie = (provider: SocialProvider) =>
  `${nonceCookieName(provider)}=; Path=${cookiePath(provider)}; Max-Age=0; HttpOnly; SameSite=Lax${secureFlag()}`

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(`civics360-oauth-state:${body}`).digest()

const equal = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b)

/** The OAuth `state`: provider, nonce, validated redirect and time, signed with the Payload secret. */
export const signState = (secret: string, provider: SocialProvider, nonce: string, redirect: string, now = Date.now(), connect = false) => {
  const data: StateData = { p: provider, n: nonce, r: safeRedirect(redirect), t: now, ...(connect ? { c: 1 as const } : {}) }
  const body = Buffer.from(JSON.stringify(data)).toString('base64url')
  return `${body}.${mac(secret, body).toString('base64url')}`
}

/** The redirect carried by a state that is ours, fresh, for this provider and this browser's nonce; else null. */
export const verifyState = (
  secret: string,
  provider: SocialProvider,
  state: unknown,
  nonce: string | undefined,
  now = Date.now(),
): { redirect: string; connect: boolean } | null => {
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
  return { redirect: safeRedirect(data.r), connect: data.c === 1 }
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
  ) {}

  store(req: Request, callback: StoreCallback): void
  store(req: Request, meta: OAuth2Strategy.Metadata, callback: StoreCallback): void
  store(req: Request, ...rest: unknown[]) {
    const nonce = randomBytes(24).toString('base64url')
    req.res?.append('Set-Cookie', nonceCookie(this.provider, nonce))
    const connect = req.query.connect === '1'
    lastArgument<StoreCallback>(rest)(null, signState(this.secret, this.provider, nonce, safeRedirect(req.query.redirect), Date.now(), connect))
  }

  verify(req: Request, state: string, callback: VerifyCallback): void
  verify(req: Request, state: string, meta: OAuth2Strategy.Metadata, callback: VerifyCallback): void
  verify(req: Request, state: string, ...rest: unknown[]) {
    const done = lastArgument<VerifyCallback>(rest)
    const verified = verifyState(this.secret, this.provider, state, readCookie(req, nonceCookieName(this.provider)))
    if (!verified) return done(null, false, { code: 'state' })
    if (req.res) {
      req.res.locals.oauthRedirect = verified.redirect
      req.res.locals.oauthConnect = verified.connect
    }
    done(null, true, verified)
  }
}
