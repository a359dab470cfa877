import type { CollectionConfig } from 'payload'

import { contentAccess } from '../../access/contentAccess'
import { putUpdateEndpoint } from '../../endpoints/putUpdate'
import { markdownWritesBody, richTextFields } from '../../fields/richtext'
import { hiddenUnless } from '../../access/adminHidden'
import { scopesOf } from '../../common/scopes'
import { recordTranslatedLocale, requiredInEnglish, translatedLocalesField } from '@cms/config/localization'

/** Posts are editorial content like pages, so the pages scopes gate them (docs/adr/access-scopes.md). */
export const Posts: CollectionConfig = {
  slug: 'posts',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'updatedAt'], group: 'Content', hidden: hiddenUnless(...scopesOf('posts')) },
  defaultSort: '-createdAt',
  access: contentAccess('posts'),
  endpoints: [putUpdateEndpoint('posts')],
  hooks: { beforeValidate: [markdownWritesBody(['markdown'])], beforeChange: [recordTranslatedLocale] },
  fields: [requiredInEnglish({ name: 'title', type: 'text', maxLength: 200 }), translatedLocalesField, ...richTextFields()],
}
