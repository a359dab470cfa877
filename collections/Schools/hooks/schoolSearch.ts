import type { CollectionBeforeOperationHook, Where } from 'payload'

import { badRequest } from '@cms/http/endpointInput'

export const schoolMessages = {
  name: 'School name is required.',
  district: 'School district is required.',
  query: 'Enter at least 4 characters…',
} as const

/**
 * GET /api/schools?q=text (spec section 7): Payload's own find, narrowed to names containing the
 * text, so pagination and the read access (shared schools and the user's own) still apply.
 */
export const schoolSearch: CollectionBeforeOperationHook = ({ args: incoming, operation, req }) => {
  if (operation !== 'read') return incoming
  const args = incoming as { where?: Where; limit?: number }
  const q = req.query?.q
  if (q === undefined) return incoming
  if (typeof q !== 'string' || q.trim().length < 4) throw badRequest([{ path: 'q', message: schoolMessages.query }])
  const byName = { name: { like: q.trim().slice(0, 100) } }
  args.where = args.where ? { and: [args.where, byName] } : byName
  args.limit = Math.min(Number(args.limit) || 20, 50)
  return incoming
}
