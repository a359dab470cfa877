import express, { type Request, type Response } from 'express'
import passport from 'passport'
import { Strategy as FacebookStrategy } from 'passport-facebook'
import { Strategy as GoogleStrategy } from 'passport-google-oauth20'
import type { Payload } from 'payload'
import { generatePayloadCookie } from 'payload/shared'

import type { User } from '../../payload-types'
import { requestUser } from '../requestUser'
import { issueSession } from '../session'
import { callbackUrl, isSocialProvider, providerLabels, providerSettings, type SocialProvider } from './config'
import { connectIdentity, type RefusalCode, signInWithProfile } from './accounts'
import { type SocialProfile, socialProfile } from './profile'
import { expiredNonceCookie, nonceCookieName, type SignedIn, SignedStateStore } from './state'
import { csrfCookieName, duplicatedCookies, sessionCookieName } from '../cookies'
import { socialProviders } from '@common/userOptions'
import { safeRedirect } from '@common/sameSitePath'

/** Codes of /login?error=…; the login page has a message for each. */
export type SignInErrorCode = RefusalCode | 'denied' | 'state' | 'server'

type Outcome = { user: User } | { error: SignInErrorCode }
type VerifyDone = (err: unknown, user?: User | false, info?: object) => void

/** The account and session a browser request is signed in with (its session cookie), or null. */
const signedInSession = async (payload: Payload, req: Request): Promise<SignedIn | null> => {
  const headers = new Headers()
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie)
  const user = await requestUser(payload, headers)
  const sid = (user as { _sid?: unknown } | null)?._sid
  return user && typeof sid === 'string' ? { user: user as User, session: { userId: String(user.id), sid } } : null
}

/**
 * The account this sign-in opens; when connecting from Accounts, the account whose session
 * started the connect and finishes it (the state store checked both), never another.
 */
const outcomeFor = async (payload: Payload, req: Request, profile: SocialProfile) => {
  const connecting: User | undefined = req.res?.locals.oauthConnectUser
  return connecting ? connectIdentity(payload, connecting, profile) : signInWithProfile(payload, profile)
}

/**
 * The cookies the callback reads or that decide whose browser it runs in. Each must come once:
 * a second copy can only have been planted by another page of this host name (another port, plain
 * http), which is how a package would feed the callback its own nonce.
 */
const callbackCookies = () => [sessionCookieName(), csrfCookieName(), ...socialProviders.map(nonceCookieName)]

/**
 * A strategy per request, built from the current settings: passport does the OAuth handshake
 * only (no session, no serializer); the state is ours, signed and tied to a cookie nonce.
 */
const strategyFor = (payload: Payload, provider: SocialProvider) => {
  const settings = providerSettings(provider)
  if (!settings) return null
  const store = new SignedStateStore(provider, payload.secret, (req) => signedInSession(payload, req))
  const verify = (req: Request, _accessToken: string, _refreshToken: string, profile: Parameters<typeof socialProfile>[1], done: VerifyDone) => {
    outcomeFor(payload, req, socialProfile(provider, profile)).then(
      (outcome) => ('refused' in outcome ? done(null, false, { code: outcome.refused }) : done(null, outcome.user)),
      (error) => {
        payload.logger.error({ err: error }, `Social sign-in with ${providerLabels[provider]}: could not find or create the account`)
        done(null, false, { code: 'server' })
      },
    )
  }
  const common = {
    clientID: settings.clientID,
    clientSecret: settings.clientSecret,
    authorizationURL: settings.authorizationURL,
    tokenURL: settings.tokenURL,
    callbackURL: callbackUrl(provider),
    store,
    passReqToCallback: true as const,
  }
  if (provider === 'google') {
    const google = new GoogleStrategy({ ...common, userProfileURL: settings.profileURL, scope: ['openid', 'email', 'profile'] }, verify)
    // The access token goes in the Authorization header rather than the userinfo URL (which gets logged).
    ;(google as unknown as { _oauth2: { useAuthorizationHeaderforGET: (use: boolean) => void } })._oauth2.useAuthorizationHeaderforGET(true)
    return google
  }
  return new FacebookStrategy(
    // appsecret_proof: Graph API calls prove they come from the holder of the app secret.
    { ...common, profileURL: settings.profileURL, scope: ['email', 'public_profile'], profileFields: ['id', 'emails', 'name'], enableProof: true },
    verify,
  )
}

const notAvailable = (res: Response, provider: string) => {
  const message = isSocialProvider(provider) ? `Sign-in with ${providerLabels[provider]} is not available.` : 'Not found.'
  res.status(404).json({ errors: [{ message }] })
}

/** Runs passport's side of the callback and reduces its ways to end to one outcome. */
const handshake = (strategy: passport.Strategy, req: Request, res: Response) =>
  new Promise<Outcome>((resolve) => {
    const done = (err: unknown, user: User | false, info?: { code?: SignInErrorCode }) => {
      if (err) {
        // The provider refused the code, failed, or answered something unreadable.
        res.locals.oauthError = err
        return resolve({ error: 'provider' })
      }
      if (user) return resolve({ user })
      // A failure without our code is the provider's access_denied: the user said no.
      resolve({ error: info?.code ?? 'denied' })
    }
    passport.authenticate(strategy, { session: false }, done)(req, res, (err: unknown) => done(err, false))
  })

const loginWithError = (code: SignInErrorCode, redirect: string | undefined) => {
  const query = new URLSearchParams({ error: code })
  if (redirect && redirect !== '/') query.set('redirect', redirect)
  return `/login?${query}`
}

/**
 * GET /authenticate/:provider[?redirect=/path] leaves for the provider; GET
 * /authenticate/:provider/callback comes back, opens a normal Payload session (the same cookie,
 * logout and revocation as a password login) and goes to the redirect, or to /login?error=code.
 */
export const socialSignInRoutes = (payload: Payload) => {
  const router = express.Router()

  router.get('/authenticate/:provider', (req, res, next) => {
    const provider = req.params.provider
    const strategy = isSocialProvider(provider) ? strategyFor(payload, provider) : null
    if (!strategy) return notAvailable(res, provider)
    res.setHeader('Cache-Control', 'no-store')
    if (req.query.connect !== '1') return passport.authenticate(strategy, { session: false })(req, res, next)
    // Connecting from Accounts: the flow is bound to this session (cms/auth/oauth/state.ts).
    signedInSession(payload, req).then((signedIn) => {
      if (!signedIn) return res.redirect(302, loginWithError('connect_session', safeRedirect(req.query.redirect)))
      res.locals.connectSession = signedIn.session
      passport.authenticate(strategy, { session: false })(req, res, next)
    }, next)
  })

  router.get('/authenticate/:provider/callback', async (req, res) => {
    const provider = req.params.provider
    const strategy = isSocialProvider(provider) ? strategyFor(payload, provider) : null
    if (!strategy || !isSocialProvider(provider)) return notAvailable(res, provider)
    const label = providerLabels[provider]
    res.setHeader('Cache-Control', 'no-store')
    // The nonce is single-use: whatever happens next, the browser forgets it.
    res.append('Set-Cookie', expiredNonceCookie(provider))
    let redirect: string | undefined
    try {
      if (duplicatedCookies(req.headers.cookie, callbackCookies()).length > 0) return res.redirect(302, loginWithError('state', undefined))
      const { query } = req
      // Without a code or an error there is nothing to verify (and passport would start over).
      const outcome: Outcome = query.code || query.error || query.error_code ? await handshake(strategy, req, res) : { error: 'state' }
      redirect = res.locals.oauthRedirect
      if ('error' in outcome) {
        if (outcome.error === 'provider') payload.logger.warn({ err: res.locals.oauthError }, `Social sign-in with ${label} failed`)
        return res.redirect(302, loginWithError(outcome.error, redirect))
      }
      const { token } = await issueSession(payload, outcome.user.id)
      res.append(
        'Set-Cookie',
        generatePayloadCookie({ collectionAuthConfig: payload.collections.users.config.auth, cookiePrefix: payload.config.cookiePrefix, token }),
      )
      res.redirect(302, redirect ?? '/')
    } catch (error) {
      payload.logger.error({ err: error }, `Social sign-in with ${label}: could not open the session`)
      res.redirect(302, loginWithError('server', redirect))
    }
  })

  return router
}
