import type { CollectionConfig } from 'payload'

import { hasAnyScope, hasScope } from '../../access/hasScope'
import { nobody } from '../../access/nobody'
import { hiddenUnless } from '../../access/adminHidden'
import { collectionScopes, scopesOf } from '../../common/scopes'
import { rosterImportEndpoints } from './endpoints/rosterImports'

/**
 * One district roster import (OneRoster CSV): its preview, kept so that the confirmation applies
 * exactly the files that were previewed. Created and applied only through its endpoints
 * (`POST /api/roster-imports`, `POST /api/roster-imports/:id/confirm`); staff holding `users:write`
 * run them, `users:read` staff may read them (docs/adr/oneroster-imports.md).
 */
export const RosterImports: CollectionConfig = {
  slug: 'roster-imports',
  admin: {
    useAsTitle: 'fileName',
    defaultColumns: ['fileName', 'district', 'status', 'createdAt'],
    group: 'People',
    hidden: hiddenUnless(...scopesOf('roster-imports')),
  },
  access: {
    read: hasAnyScope(...scopesOf('roster-imports')),
    // The multipart gate in front of Payload asks this before it lets an upload in (cms/http/bodyGate.ts);
    // the custom POST / endpoint answers it, never Payload's own create.
    create: hasScope(collectionScopes['roster-imports'].write),
    update: nobody,
    delete: hasScope(collectionScopes['roster-imports'].delete),
  },
  endpoints: rosterImportEndpoints,
  fields: [
    { name: 'district', type: 'text', required: true, index: true, admin: { readOnly: true } },
    { name: 'fileName', type: 'text', required: true, admin: { readOnly: true } },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'previewed',
      options: [
        { label: 'Previewed', value: 'previewed' },
        { label: 'Imported', value: 'imported' },
      ],
      admin: { readOnly: true },
    },
    { name: 'createdBy', type: 'relationship', relationTo: 'users', admin: { readOnly: true } },
    { name: 'importedAt', type: 'date', admin: { readOnly: true } },
    // What the dry run showed: counts, the rows that change, and the schools past the half-of-a-school guard.
    { name: 'preview', type: 'json', admin: { readOnly: true } },
    // The checked records of the files, applied again by the confirmation. Only the server reads
    // them: they hold every name of the district, and lists would carry them all.
    { name: 'records', type: 'json', access: { read: () => false, create: () => false, update: () => false }, admin: { hidden: true } },
  ],
}
