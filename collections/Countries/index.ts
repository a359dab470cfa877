import type { CollectionConfig } from 'payload'

import { anyone } from '../../access/anyone'
import { nobody } from '../../access/nobody'
import { hiddenUnless } from '../../access/adminHidden'
import { scopesOf } from '../../common/scopes'

/** Reference data for address selects, seeded from country-region-data; read-only over the API. */
export const Countries: CollectionConfig = {
  slug: 'countries',
  admin: { useAsTitle: 'countryName', defaultColumns: ['countryName', 'countryShortCode'], group: 'Reference', hidden: hiddenUnless(...scopesOf('users')) },
  defaultSort: 'countryName',
  access: { read: anyone, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'countryName', type: 'text', required: true, index: true },
    { name: 'countryShortCode', type: 'text', required: true, unique: true },
    {
      name: 'regions',
      type: 'json',
      required: true,
      admin: { description: 'A list of { name, shortCode? }.' },
    },
  ],
}
