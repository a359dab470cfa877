import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import Provider from 'oidc-provider'

/** Claims a district's provider says about a person: Clever-shaped (user_id, user_type, district, email, name). */
export type DistrictPerson = Record<string, unknown>

/**
 * A district's OpenID Connect provider on loopback: a real oidc-provider (discovery, authorization
 * code with PKCE, signed id_tokens, single-use codes) with one registered client, and its
 * development login form, where the "login" typed is the id of one of `people`.
 * `expireNextIdToken` makes its next token answer carry an id_token that expired an hour ago,
 * signed with its own key, as a stale or replayed id_token would be. The others change what the
 * browser is sent back with, as an attacker in the middle would: `tamperNextState` alters the
 * state of the next redirect to the client, `answerNextWithCode` answers the next authorization
 * request at once with a code given (under that request's own state).
 */
export type DistrictIssuer = {
  issuer: string
  clientId: string
  clientSecret: string
  people: Map<string, DistrictPerson>
  expireNextIdToken: () => void
  tamperNextState: () => void
  answerNextWithCode: (code: string) => void
  /** The last redirect back to the client (its code, state and iss). */
  lastCallback: () => URL | undefined
  /** How many codes the token endpoint refused (a replayed code shows here). */
  refusedCodes: () => number
  stop: () => Promise<void>
}

const part = (jwt: string, index: number) => JSON.parse(Buffer.from(jwt.split('.')[index] ?? '', 'base64url').toString('utf8'))

/** The same id_token, expired an hour ago, signed again with the issuer's key. */
const expired = (idToken: string, privateKey: KeyObject) => {
  const past = Math.floor(Date.now() / 1000) - 60 * 60
  const header = Buffer.from(JSON.stringify(part(idToken, 0))).toString('base64url')
  const body = Buffer.from(JSON.stringify({ ...part(idToken, 1), iat: past - 60, exp: past })).toString('base64url')
  return `${header}.${body}.${sign('sha256', Buffer.from(`${header}.${body}`), privateKey).toString('base64url')}`
}

export const startDistrictIssuer = async (options: { name: string; redirectUris: string[] }): Promise<DistrictIssuer> => {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `${options.name}-key`, alg: 'RS256', use: 'sig' }
  const people = new Map<string, DistrictPerson>()
  const clientId = `${options.name}-client`
  const clientSecret = `${options.name}-secret-${Math.random().toString(36).slice(2)}`
  let expireNext = false
  let tamperNext = false
  let codeForNext: string | null = null
  let lastCallback: URL | undefined
  let refused = 0

  const provider = new Provider(issuer, {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris, grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    jwks: { keys: [jwk] },
    // The district's claims travel in the id_token, as Clever's do.
    conformIdTokenClaims: false,
    claims: { openid: ['sub', 'user_id', 'user_type', 'district'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    findAccount: (_ctx: unknown, id: string) => {
      const person = people.get(id)
      return person ? { accountId: id, claims: () => ({ sub: id, ...person }) } : undefined
    },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: true } },
  })
  const toClient = (location: unknown) => typeof location === 'string' && options.redirectUris.some((uri) => location.startsWith(`${uri}?`))
  provider.use(async (ctx, next) => {
    if (codeForNext && ctx.path === '/auth' && ctx.method === 'GET') {
      const back = new URL(options.redirectUris[0])
      back.search = new URLSearchParams({ code: codeForNext, state: String(ctx.query.state ?? ''), iss: issuer }).toString()
      codeForNext = null
      return ctx.redirect(back.href)
    }
    await next()
    const location = ctx.response.get('location')
    if (toClient(location)) {
      const back = new URL(location)
      if (tamperNext) {
        tamperNext = false
        back.searchParams.set('state', `${back.searchParams.get('state')}x`)
        ctx.set('location', back.href)
      }
      lastCallback = back
    }
    if (ctx.path !== '/token') return
    if (ctx.status === 400 && ctx.body?.error === 'invalid_grant') refused += 1
    if (expireNext && ctx.status === 200 && typeof ctx.body?.id_token === 'string') {
      expireNext = false
      ctx.body = { ...ctx.body, id_token: expired(ctx.body.id_token, privateKey) }
    }
  })
  server.on('request', provider.callback())

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    expireNextIdToken: () => {
      expireNext = true
    },
    tamperNextState: () => {
      tamperNext = true
    },
    answerNextWithCode: (code) => {
      codeForNext = code
    },
    lastCallback: () => lastCallback,
    refusedCodes: () => refused,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
