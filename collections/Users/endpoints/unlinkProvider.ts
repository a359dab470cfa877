import type { Endpoint } from 'payload'

import { deriveProviders } from '../providers'
import { badRequest, HttpError, json, notFound, routeParam } from '@cms/http/endpointInput'
import { ownAccountId } from './users'
import type { UserAnswer } from '@common/answers/account'
import { updatePublicUser } from './userResponse'
import { isSocialProvider, providerLabels } from '@cms/auth/oauth/config'

type Identity = { id?: string; provider?: string | null; subject?: string | null; email?: string | null }

export const unlinkMessages = {
  unlinked: (label: string) => `Your ${label} account is disconnected.`,
  notLinked: (label: string) => `Your ${label} account is not connected.`,
  lastLogin: (label: string) => `${label} is the only way to log in to this account. Connect an email account first.`,
  onlySocial: 'Only a Google or Facebook login can be disconnected.',
} as const

/**
 * DELETE /api/users/:id/providers/:provider (google | facebook): the user removes a linked social
 * login, provided another way to log in remains (another provider, or an email or username with a
 * password of their own).
 */
export const unlinkProviderEndpoint: Endpoint = {
  path: '/:id/providers/:provider',
  method: 'delete',
  handler: async (req) => {
    const id = ownAccountId(req, 'id')
    const provider = routeParam(req, 'provider')
    if (!isSocialProvider(provider)) throw badRequest([{ path: 'provider', message: unlinkMessages.onlySocial }])
    const label = providerLabels[provider]
    const user = await req.payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true, req, disableErrors: true })
    if (!user) throw notFound('User not found.')
    const identities = (user.identities ?? []) as Identity[]
    const remaining = identities.filter((identity) => identity.provider !== provider)
    if (remaining.length === identities.length) throw notFound(unlinkMessages.notLinked(label))
    if (!deriveProviders({ ...user, identities: remaining }).length) throw new HttpError(400, unlinkMessages.lastLogin(label))
    return json({ message: unlinkMessages.unlinked(label), user: await updatePublicUser(req, id, { identities: remaining }) } satisfies UserAnswer)
  },
}
