import type { CollectionConfig } from 'payload'

import { anyone } from '../../access/anyone'
import { hasScope } from '../../access/hasScope'
import { scopesOf, userHasScope } from '../../common/scopes'
import { hiddenUnless } from '../../access/adminHidden'

export const ticketTypes = ['contact', 'help', 'independent-student'] as const
export const ticketStatuses = ['open', 'closed'] as const

/** Anyone may file a ticket (rate-limited in the server); only tickets:* holders read or handle them. */
export const Tickets: CollectionConfig = {
  slug: 'tickets',
  admin: {
    useAsTitle: 'subject',
    defaultColumns: ['subject', 'type', 'name', 'email', 'status', 'createdAt'],
    group: 'Support',
    hidden: hiddenUnless(...scopesOf('tickets')),
  },
  defaultSort: '-createdAt',
  access: {
    create: anyone,
    read: hasScope('tickets:read'),
    update: hasScope('tickets:write'),
    delete: hasScope('tickets:write'),
  },
  hooks: {
    beforeChange: [
      ({ data, req, operation }) => {
        if (operation === 'create') {
          data.user = req.user?.id ?? null
          if (!userHasScope(req.user, 'tickets:write')) data.status = 'open'
        }
        return data
      },
    ],
  },
  fields: [
    { name: 'type', type: 'select', required: true, defaultValue: 'contact', options: [...ticketTypes], index: true },
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    { name: 'email', type: 'email', required: true },
    { name: 'subject', type: 'text', required: true, maxLength: 300 },
    { name: 'message', type: 'textarea', required: true, maxLength: 10000 },
    { name: 'status', type: 'select', required: true, defaultValue: 'open', options: [...ticketStatuses], index: true },
    {
      name: 'user',
      type: 'relationship',
      relationTo: 'users',
      access: { update: () => false },
      admin: { readOnly: true, description: 'The signed-in account that filed it, if any.' },
    },
  ],
}
