import type { CollectionConfig } from 'payload'

import { contentAccess } from '../../access/contentAccess'
import { putUpdateEndpoint } from '../../cms/endpoints/putUpdate'
import { markdownWritesBody, richTextFields } from '../../fields/richtext'
import { hiddenUnless } from '../../access/adminHidden'
import { scopesOf } from '../../common/scopes'

/** Posts are editorial content like pages, so the pages scopes gate them (docs/decisions.md). */
export const Posts: CollectionConfig = {
  slug: 'posts',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'updatedAt'], group: 'Content', hidden: hiddenUnless(...scopesOf('posts')) },
  defaultSort: '-createdAt',
  access: contentAccess('posts'),
  endpoints: [putUpdateEndpoint('posts')],
  hooks: { beforeValidate: [markdownWritesBody(['markdown'])] },
  fields: [{ name: 'title', type: 'text', required: true, maxLength: 200 }, ...richTextFields()],
}
