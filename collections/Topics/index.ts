import type { CollectionConfig } from 'payload'

import { putUpdateEndpoint } from '../../endpoints/putUpdate'
import { markdownWritesBody, richTextFields } from '../../fields/richtext'
import { contentAccess } from '../../access/contentAccess'
import { hiddenUnless } from '../../access/adminHidden'
import { scopesOf } from '../../common/scopes'
import { recordTranslatedLocale, requiredInEnglish, translatedLocalesField } from '@cms/config/localization'

export const Topics: CollectionConfig = {
  slug: 'topics',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'order', 'updatedAt'], group: 'Content', hidden: hiddenUnless(...scopesOf('topics')) },
  defaultSort: 'order',
  access: contentAccess('topics'),
  endpoints: [putUpdateEndpoint('topics')],
  hooks: { beforeValidate: [markdownWritesBody(['markdown'])], beforeChange: [recordTranslatedLocale] },
  fields: [
    requiredInEnglish({ name: 'title', type: 'text', maxLength: 200 }),
    translatedLocalesField,
    ...richTextFields({ required: true }),
    { name: 'order', type: 'number', required: true, defaultValue: 0, index: true },
    { name: 'thumbnail', type: 'upload', relationTo: 'media' },
    {
      name: 'modules',
      type: 'join',
      collection: 'modules',
      on: 'topic',
      defaultSort: 'order',
      defaultLimit: 100,
    },
  ],
}
