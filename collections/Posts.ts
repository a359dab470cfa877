import type { CollectionConfig } from 'payload'

import { anyone } from '../access/anyone'
import { hasScope } from '../access/hasScope'
import { putUpdateEndpoint } from '../cms/endpoints/putUpdate'
import { markdownWritesBody, richTextFields } from '../cms/richtext'
import { recordTranslatedLocale, requiredInEnglish, translatedLocalesField } from '../cms/localization'
import { hiddenUnless } from '../access/adminHidden'

/** Posts are editorial content like pages, so the pages scopes gate them (docs/decisions.md). */
export const Posts: CollectionConfig = {
  slug: 'posts',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'updatedAt'], group: 'Content', hidden: hiddenUnless('pages:write', 'pages:delete') },
  defaultSort: '-createdAt',
  access: {
    read: anyone,
    create: hasScope('pages:write'),
    update: hasScope('pages:write'),
    delete: hasScope('pages:delete'),
  },
  endpoints: [putUpdateEndpoint('posts')],
  hooks: { beforeValidate: [markdownWritesBody(['markdown'])], beforeChange: [recordTranslatedLocale] },
  fields: [
    requiredInEnglish({ name: 'title', type: 'text', maxLength: 200 }),
    translatedLocalesField,
    ...richTextFields(),
  ],
}
