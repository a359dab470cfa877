import type { CollectionConfig } from 'payload'

import { authenticated } from '../access/authenticated'
import { putUpdateEndpoint } from '../cms/endpoints/putUpdate'
import { markdownWritesBody, richTextFields, sanitizeVideoEmbed } from '../cms/richtext'
import { contentAccess } from './contentAccess'

export const activityTypes = ['links', 'readings', 'storyline', 'video', 'default'] as const
export const activityWidths = ['full', 'half', 'third'] as const

/** Links open from a child's browser: web addresses or paths on this site, never `javascript:` and the like. */
const safeLink = (value: unknown) =>
  value === undefined || value === null || value === '' || (typeof value === 'string' && /^(https?:\/\/|\/(?!\/))/i.test(value))
    ? true
    : 'Links must start with https://, http:// or /.'

const storylineUrl = (id: unknown) => `/uploads/${String(id)}/storyline/story.html`

export const Activities: CollectionConfig = {
  slug: 'activities',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'module', 'type', 'order', 'updatedAt'], group: 'Content' },
  defaultSort: 'order',
  access: contentAccess('activities', authenticated),
  endpoints: [putUpdateEndpoint('activities')],
  hooks: { beforeValidate: [markdownWritesBody(['markdown'])] },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'module', type: 'relationship', relationTo: 'modules', required: true, index: true },
    {
      name: 'type',
      type: 'select',
      required: true,
      defaultValue: 'default',
      options: [
        { label: 'Links', value: 'links' },
        { label: 'Readings', value: 'readings' },
        { label: 'Storyline quiz', value: 'storyline' },
        { label: 'Video', value: 'video' },
        { label: 'Content', value: 'default' },
      ],
    },
    { name: 'order', type: 'number', required: true, defaultValue: 0, index: true },
    {
      name: 'width',
      type: 'select',
      required: true,
      defaultValue: 'full',
      options: [
        { label: 'Full width', value: 'full' },
        { label: 'Half width', value: 'half' },
        { label: 'One third', value: 'third' },
      ],
    },
    ...richTextFields(),
    {
      name: 'links',
      type: 'array',
      admin: { condition: (data) => data?.type === 'links' },
      fields: [
        { name: 'text', type: 'text', required: true, maxLength: 300 },
        { name: 'path', type: 'text', required: true, maxLength: 2000, validate: safeLink },
      ],
    },
    {
      name: 'readings',
      type: 'array',
      admin: { condition: (data) => data?.type === 'readings' },
      fields: [
        { name: 'text', type: 'text', required: true, maxLength: 300 },
        { name: 'path', type: 'text', maxLength: 2000, validate: safeLink },
        {
          name: 'files',
          type: 'array',
          fields: [
            { name: 'text', type: 'text', required: true, maxLength: 300 },
            { name: 'file', type: 'upload', relationTo: 'media', required: true },
          ],
        },
      ],
    },
    {
      name: 'video',
      type: 'textarea',
      maxLength: 5000,
      admin: {
        condition: (data) => data?.type === 'video',
        description: 'Embed code (an <iframe>) from YouTube or Vimeo. Anything else is removed.',
      },
      hooks: { beforeChange: [({ value }) => (typeof value === 'string' ? sanitizeVideoEmbed(value) : value)] },
    },
    {
      name: 'storyline',
      type: 'group',
      admin: { condition: (data) => data?.type === 'storyline', readOnly: true, description: 'The uploaded Storyline package.' },
      access: { create: () => false, update: () => false },
      fields: [
        { name: 'filename', type: 'text' },
        { name: 'fileCount', type: 'number' },
        { name: 'totalBytes', type: 'number' },
        { name: 'uploadedAt', type: 'date' },
      ],
    },
    {
      name: 'storylineUrl',
      type: 'text',
      virtual: true,
      admin: { hidden: true },
      hooks: {
        afterRead: [({ data }) => (data?.type === 'storyline' && data?.storyline?.uploadedAt ? storylineUrl(data.id) : null)],
      },
    },
  ],
}
