import type { CollectionConfig } from 'payload'

import { putUpdateEndpoint } from '../../endpoints/putUpdate'
import { markdownWritesBody, richTextFields } from '../../fields/richtext'
import { contentAccess } from '../../access/contentAccess'
import { hiddenUnless } from '../../access/adminHidden'
import { scopesOf } from '../../common/scopes'
import { recordTranslatedLocale, requiredInEnglish, translatedLocalesField } from '@cms/config/localization'

export const Modules: CollectionConfig = {
  slug: 'modules',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'topic', 'order', 'updatedAt'], group: 'Content', hidden: hiddenUnless(...scopesOf('modules')) },
  defaultSort: 'order',
  access: contentAccess('modules'),
  endpoints: [putUpdateEndpoint('modules')],
  hooks: { beforeValidate: [markdownWritesBody(['markdown'])], beforeChange: [recordTranslatedLocale] },
  fields: [
    requiredInEnglish({ name: 'title', type: 'text', maxLength: 200 }),
    translatedLocalesField,
    { name: 'subtitle', type: 'text', maxLength: 300, localized: true },
    ...richTextFields({ required: true }),
    { name: 'order', type: 'number', required: true, defaultValue: 0, index: true },
    { name: 'topic', type: 'relationship', relationTo: 'topics', required: true, index: true },
    { name: 'thumbnail', type: 'upload', relationTo: 'media' },
    {
      // The state benchmarks this teaches (coverage, mastery, and the benchmark filter on Explore Topics).
      name: 'benchmarks',
      type: 'relationship',
      relationTo: 'benchmarks',
      hasMany: true,
      maxDepth: 1,
    },
    {
      // Module pages require login (spec section 2), so visitors get a module without its activities.
      name: 'activities',
      type: 'join',
      collection: 'activities',
      on: 'module',
      defaultSort: 'order',
      defaultLimit: 100,
      // Payload populates a join's documents one level deep unless told otherwise: the module page
      // (?depth=2 or more) needs the level below too, each reading's files with their URL, name and type.
      maxDepth: 2,
      access: { read: ({ req }) => Boolean(req.user) },
    },
  ],
}
