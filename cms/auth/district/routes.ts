import express, { type Request, type Response } from 'express'
import * as client from 'openid-client'
import type { Payload } from 'payload'
import { generatePayloadCookie } from 'payload/shared'

import type { IdentityProvider } from '../../payload-types'
import { csrfCookieName, duplicatedCookies, sessionCookieName } from '../cookies'
import { signInWithDistrict } from '../oauth/accounts'
import { issueSession } from '../session'
import { claimAt, districtProfile, wantedClaims } from './claims'
import { expiredFlowCookie, flowCookie, flowCookieName, readFlow } from './flowCookie'
import { districtCallbackUrl, districtClient, enabledDistrict, keepSigningKeys } from './settings'
import type { DistrictErrorCode } from '@common/districtSignIn'
import { safeRedirect } from '@common/sameSitePath'

/** Codes of /login?error=… a district sign-in ends with; the login page words each one. */
type DistrictSignInError = DistrictErrorCode | 'state' | 'server'

const loginWithError = (code: DistrictSignInError, redirect?: string) => {
  const query = new URLSearchParams({ error: code })
  if (redirect && redirect !== '/') query.set('redirect', redirect)
  return `/login?${query}`
}

/** What went wrong at the token endpoint or in the id_token, in the words the login page has. */
const errorOf = (error: unknown): DistrictSignInError => {
  // The district refused the code: already redeemed, expired, or not issued for this verifier.
  if (error instanceof client.ResponseBodyError) return error.error === 'invalid_grant' ? 'district_code' : 'district_provider'
  // The answer came but did not hold up: an id_token expired, not for us, not signed by the issuer, wrong nonce.
  if (error instanceof client.ClientError) return 'district_token'
  return 'district_provider'
}

const signInFailed = (payload: Payload, provider: IdentityProvider, error: unknown, code: DistrictSignInError) => {
  // The error's code and message only: never the request, tokens or the client's settings.
  const err = error as { code?: unknown; error?: unknown; message?: unknown }
  payload.logger.warn(
    { district: provider.key, code: err?.code ?? err?.error, reason: typeof err?.message === 'string' ? err.message : undefined },
    `District sign-in with ${provider.key} refused (${code})`,
  )
}

/** Claims the id_token left out (some issuers put roles and names only in userinfo), read from userinfo. */
const withUserInfo = async (
  config: client.Configuration,
  provider: IdentityProvider,
  tokens: client.TokenEndpointResponse,
  claims: Record<string, unknown>,
) => {
  const missing = wantedClaims(provider).some((name) => claimAt(claims, name) === undefined)
  if (!missing || !config.serverMetadata().userinfo_endpoint || !tokens.access_token) return claims
  const userinfo = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub))
  // What the signed id_token says wins over userinfo.
  return { ...userinfo, ...claims }
}

/**
 * GET /authenticate/district/:key[?redirect=/path] leaves for the district's OpenID provider (code
 * flow with PKCE, state and nonce); GET /authenticate/district/:key/callback comes back, checks the
 * state against this browser's flow cookie, redeems the code, verifies the id_token, finds or makes
 * the account (cms/auth/oauth/accounts.ts) and opens a normal Payload session, or goes to
 * /login?error=code.
 */
export const districtSignInRoutes = (payload: Payload) => {
  const router = express.Router()

  router.get('/authenticate/district/:key', async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store')
    const redirect = safeRedirect(req.query.redirect)
    const provider = await enabledDistrict(payload, req.params.key).catch(() => null)
    if (!provider) return res.redirect(302, loginWithError('district_unavailable', redirect))
    try {
      const config = await districtClient(provider)
      const verifier = client.randomPKCECodeVerifier()
      const flow = { key: provider.key, state: client.randomState(), nonce: client.randomNonce(), verifier, redirect, startedAt: Date.now() }
      const target = client.buildAuthorizationUrl(config, {
        redirect_uri: districtCallbackUrl(provider.key),
        scope: provider.scope || 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      })
      res.append('Set-Cookie', flowCookie(payload.secret, flow))
      res.redirect(302, target.href)
    } catch (error) {
      signInFailed(payload, provider, error, 'district_provider')
      res.redirect(302, loginWithError('district_provider', redirect))
    }
  })

  router.get('/authenticate/district/:key/callback', async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store')
    // The flow is single-use: whatever happens next, the browser forgets it.
    res.append('Set-Cookie', expiredFlowCookie())
    const key = req.params.key
    const flow = duplicatedCookies(req.headers.cookie, [sessionCookieName(), csrfCookieName(), flowCookieName()]).length
      ? null
      : readFlow(payload.secret, req.headers.cookie, String(key))
    // A state that is not this browser's (tampered, replayed elsewhere, or too old) goes no further.
    if (!flow || typeof req.query.state !== 'string' || req.query.state !== flow.state) return res.redirect(302, loginWithError('state'))
    const { redirect } = flow
    const provider = await enabledDistrict(payload, key).catch(() => null)
    if (!provider) return res.redirect(302, loginWithError('district_unavailable', redirect))
    if (typeof req.query.error === 'string') {
      return res.redirect(302, loginWithError(req.query.error === 'access_denied' ? 'district_denied' : 'district_provider', redirect))
    }
    try {
      const config = await districtClient(provider)
      const callback = new URL(districtCallbackUrl(provider.key))
      // The district's answer exactly as it came (openid-client reads the code, state and issuer from it).
      callback.search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : ''
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
      let claims: Record<string, unknown>
      try {
        tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        })
        keepSigningKeys(provider, config)
        claims = await withUserInfo(config, provider, tokens, (tokens.claims() ?? {}) as Record<string, unknown>)
      } catch (error) {
        const code = errorOf(error)
        signInFailed(payload, provider, error, code)
        return res.redirect(302, loginWithError(code, redirect))
      }
      const read = districtProfile(provider, claims)
      if ('refused' in read) return res.redirect(302, loginWithError(read.refused === 'provider' ? 'district_provider' : read.refused, redirect))
      const outcome = await signInWithDistrict(payload, read.profile)
      if ('refused' in outcome) {
        const code = outcome.refused === 'district_role' ? 'district_role' : outcome.refused === 'provider' ? 'district_provider' : 'district_account'
        return res.redirect(302, loginWithError(code, redirect))
      }
      const { token } = await issueSession(payload, outcome.user.id)
      res.append(
        'Set-Cookie',
        generatePayloadCookie({ collectionAuthConfig: payload.collections.users.config.auth, cookiePrefix: payload.config.cookiePrefix, token }),
      )
      res.redirect(302, redirect)
    } catch (error) {
      payload.logger.error({ err: error }, `District sign-in with ${provider.key}: could not open the session`)
      res.redirect(302, loginWithError('server', redirect))
    }
  })

  return router
}
