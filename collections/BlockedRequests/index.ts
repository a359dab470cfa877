import type { CollectionConfig } from 'payload'

import { hasScope } from '../../access/hasScope'
import { nobody } from '../../access/nobody'
import { hiddenUnless } from '../../access/adminHidden'

/**
 * The outside hosts a package's pages tried to reach and the browser blocked (the content origin's
 * policy, cms/packages/content/packagePolicy.ts): one row per package and host, with how often and
 * when last. Written only by the content origin's report route; staff who edit activities read them
 * (the console's package panel) and clear them. Nothing of the student is kept: no address, no page.
 */
export const BlockedRequests: CollectionConfig = {
  slug: 'blocked-requests',
  admin: {
    useAsTitle: 'host',
    defaultColumns: ['host', 'activity', 'directive', 'count', 'lastSeen'],
    group: 'Content',
    hidden: hiddenUnless('activities:write'),
    description: 'Outside hosts that a Storyline package tried to reach and that were blocked. Allow a host on the activity to let its package reach it.',
  },
  defaultSort: '-lastSeen',
  access: {
    create: nobody,
    read: hasScope('activities:write'),
    update: nobody,
    delete: hasScope('activities:write'),
  },
  indexes: [{ fields: ['activity', 'host'], unique: true }],
  fields: [
    { name: 'activity', type: 'relationship', relationTo: 'activities', required: true, index: true, maxDepth: 0 },
    { name: 'host', type: 'text', required: true, maxLength: 260 },
    {
      name: 'directive',
      type: 'text',
      maxLength: 40,
      admin: { description: 'What kind of request: connect-src (a fetch), img-src (an image), frame-src (a frame)…' },
    },
    { name: 'count', type: 'number', required: true, defaultValue: 1 },
    { name: 'lastSeen', type: 'date', required: true, index: true },
  ],
}
