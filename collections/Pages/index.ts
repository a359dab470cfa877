import type { CollectionConfig } from 'payload'

import { pageEndpoints } from './endpoints/bySlug'
import { putUpdateEndpoint } from '../../endpoints/putUpdate'
import { editor, lexicalToHtml, lexicalToMarkdown, markdownWritesBody } from '../../fields/richtext'
import { contentAccess } from '../../access/contentAccess'
import { hiddenUnless } from '../../access/adminHidden'
import { scopesOf } from '../../common/scopes'
import { recordTranslatedLocale, requiredInEnglish, translatedLocalesField } from '@cms/config/localization'

export const pageTemplates = ['default'] as const

export const Pages: CollectionConfig = {
  slug: 'pages',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'slug', 'updatedAt'], group: 'Content', hidden: hiddenUnless(...scopesOf('pages')) },
  defaultSort: 'slug',
  access: contentAccess('pages'),
  endpoints: [...pageEndpoints, putUpdateEndpoint('pages')],
  hooks: { beforeValidate: [markdownWritesBody(['content', 'markdown'], ['markdown'])], beforeChange: [recordTranslatedLocale] },
  fields: [
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      maxLength: 100,
      validate: (value: unknown) =>
        typeof value === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)
          ? true
          : 'Slugs use lower-case letters, digits and single dashes, such as about-us.',
      admin: { description: 'The page lives at /{slug} and /pages/{slug}.' },
    },
    requiredInEnglish({ name: 'title', type: 'text', maxLength: 200 }),
    translatedLocalesField,
    { name: 'body', type: 'richText', editor, label: 'Content', localized: true },
    {
      name: 'content',
      type: 'group',
      fields: [
        {
          name: 'template',
          type: 'select',
          required: true,
          defaultValue: 'default',
          options: pageTemplates.map((value) => ({ label: value, value })),
        },
        {
          name: 'markdown',
          type: 'textarea',
          virtual: true,
          admin: { hidden: true },
          hooks: { afterRead: [({ data, req }) => lexicalToMarkdown(data?.body, req.payload.config)] },
        },
        {
          name: 'html',
          type: 'textarea',
          virtual: true,
          admin: { hidden: true },
          hooks: { afterRead: [({ data }) => lexicalToHtml(data?.body)] },
        },
      ],
    },
  ],
}
