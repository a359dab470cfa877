import * as client from 'openid-client'
import type { Payload } from 'payload'

import type { IdentityProvider } from '../../payload-types'
import { publicUrl } from '../../config/env'
import { isLoopbackIssuer } from '@collections/IdentityProviders/issuer'
import { isDistrictKey } from '@common/districtSignIn'

/** The redirect URI to register with the district; built from PUBLIC_URL, never from the request's Host. */
export const districtCallbackUrl = (key: string) => `${publicUrl()}/authenticate/district/${key}/callback`

/** An enabled district's settings, secret included (read past access: only the sign-in itself uses them). */
export const enabledDistrict = async (payload: Payload, key: unknown): Promise<IdentityProvider | null> => {
  if (!isDistrictKey(key)) return null
  const { docs } = await payload.find({
    collection: 'identity-providers',
    where: { and: [{ key: { equals: key } }, { enabled: { equals: true } }] },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  return (docs[0] as IdentityProvider | undefined) ?? null
}

type Discovered = { issuer: string; metadata: client.ServerMetadata; readAt: number }

/** Discovery documents change rarely: each is kept a while, so a class signing in at once asks once. */
const discoveryMaxAgeMs = 10 * 60 * 1000
const discovered = new Map<string, Discovered>()
const jwksCaches = new Map<string, client.ExportedJWKSCache>()

const insecureIssuer = (issuer: string) => isLoopbackIssuer(new URL(issuer))

/**
 * The openid-client configuration for a district: its issuer's discovered metadata (cached), the
 * registered client, and the client secret sent as the token endpoint's basic authentication.
 * Plain http is allowed only for an issuer on loopback (the collection refuses it elsewhere).
 */
export const districtClient = async (provider: IdentityProvider, now = Date.now()): Promise<client.Configuration> => {
  const cached = discovered.get(provider.key)
  let metadata: client.ServerMetadata
  if (cached && cached.issuer === provider.issuer && now - cached.readAt < discoveryMaxAgeMs) {
    metadata = cached.metadata
  } else {
    const options = insecureIssuer(provider.issuer) ? { execute: [client.allowInsecureRequests] } : undefined
    const found = await client.discovery(new URL(provider.issuer), provider.clientId, undefined, client.ClientSecretBasic(provider.clientSecret), options)
    metadata = found.serverMetadata()
    discovered.set(provider.key, { issuer: provider.issuer, metadata, readAt: now })
  }
  const config = new client.Configuration(metadata, provider.clientId, undefined, client.ClientSecretBasic(provider.clientSecret))
  if (insecureIssuer(provider.issuer)) client.allowInsecureRequests(config)
  const jwks = jwksCaches.get(provider.key)
  if (jwks) client.setJwksCache(config, jwks)
  return config
}

/** Keeps the district's signing keys once a sign-in has fetched them. */
export const keepSigningKeys = (provider: IdentityProvider, config: client.Configuration) => {
  const jwks = client.getJwksCache(config)
  if (jwks) jwksCaches.set(provider.key, jwks)
}
