import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionBeforeChangeHook, CollectionBeforeDeleteHook, CollectionConfig } from 'payload'

import { authenticated } from '../../access/authenticated'
import { attemptEndpoints } from './endpoints/attempts'
import { activityColumnsEndpoint } from './endpoints/columns'
import { putUpdateEndpoint } from '../../endpoints/putUpdate'
import { clearedStoryline, storylineEndpoints } from './endpoints/storyline'
import { uploadsDir } from '@cms/config/paths'
import { activityTypeOptions, activityWidthOptions } from '../../common/activityOptions'
import { isSameSitePath } from '../../common/sameSitePath'
import { markdownWritesBody, richTextFields, sanitizeVideoEmbed } from '../../fields/richtext'
import { removeStorylinePackage } from '@cms/packages/storyline/extract'
import { standardLabels, standards } from '@cms/packages/storyline/launch'
import { isAllowedHost } from '@common/packageHosts'
import { contentAccess } from '../../access/contentAccess'
import { hiddenUnless } from '../../access/adminHidden'
import { scopesOf } from '../../common/scopes'
import { recordTranslatedLocale, requiredInEnglish, translatedLocalesField } from '@cms/config/localization'

/** Links open from a child's browser: web addresses or paths on this site, never `javascript:` and the like. */
const safeLink = (value: unknown) =>
  value === undefined || value === null || value === '' || (typeof value === 'string' && (/^https?:\/\//i.test(value) || isSameSitePath(value)))
    ? true
    : 'Links must start with https://, http:// or /.'

/** Outside hosts a package may reach: plain host names (a port at most), each at most once. */
const allowedHostsRule = (value: unknown) => {
  if (value === undefined || value === null) return true
  if (!Array.isArray(value)) return 'Allowed hosts must be a list of host names.'
  const wrong = value.find((host) => !isAllowedHost(host))
  if (wrong !== undefined) return `"${String(wrong).slice(0, 100)}" is not a host name: write it like metrics.example.org, without https:// or a path.`
  if (new Set(value).size !== value.length) return 'Each allowed host may be listed once.'
  return true
}

const storylineUrl = (id: unknown) => `/uploads/${String(id)}/storyline/story.html`

/**
 * Package files live in uploads/<id>/ and follow the activity: deleting the activity deletes them,
 * and so does changing its type away from storyline (the package could no longer be reached from
 * the product, yet would stay public at its URL). See docs/adr/storyline-package-lifecycle.md.
 */
const leavesStoryline = (previousType: unknown, nextType: unknown) => previousType === 'storyline' && nextType !== undefined && nextType !== 'storyline'

const clearStorylineOnTypeChange: CollectionBeforeChangeHook = ({ data, originalDoc, operation }) => {
  if (operation === 'update' && leavesStoryline(originalDoc?.type, data?.type)) data.storyline = clearedStoryline()
  return data
}

const removeFilesOnTypeChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation === 'update' && leavesStoryline(previousDoc?.type, doc?.type)) {
    await removeStorylinePackage(uploadsDir, doc.id).catch((err) =>
      req.payload.logger.error({ err }, `Could not remove the Storyline files of activity ${doc.id}`),
    )
  }
  return doc
}

/** Attempts at a deleted activity, and what its package tried to reach, go with it (before the delete, in its transaction). */
const deleteAttempts: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({ collection: 'attempts', where: { activity: { equals: id } }, overrideAccess: true, req })
  await req.payload.delete({ collection: 'blocked-requests', where: { activity: { equals: id } }, overrideAccess: true, req })
}

const removeFilesOnDelete: CollectionAfterDeleteHook = async ({ id, req }) => {
  // A failure here must not undo the delete; the orphaned folder is logged for an operator.
  await removeStorylinePackage(uploadsDir, id).catch((err) => req.payload.logger.error({ err }, `Could not remove the upload folder of deleted activity ${id}`))
}

export const Activities: CollectionConfig = {
  slug: 'activities',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'module', 'type', 'order', 'updatedAt'],
    group: 'Content',
    hidden: hiddenUnless(...scopesOf('activities')),
  },
  defaultSort: 'order',
  access: contentAccess('activities', authenticated),
  endpoints: [putUpdateEndpoint('activities'), activityColumnsEndpoint, ...storylineEndpoints, ...attemptEndpoints],
  hooks: {
    beforeValidate: [markdownWritesBody(['markdown'])],
    beforeChange: [clearStorylineOnTypeChange, recordTranslatedLocale],
    afterChange: [removeFilesOnTypeChange],
    beforeDelete: [deleteAttempts],
    afterDelete: [removeFilesOnDelete],
  },
  fields: [
    requiredInEnglish({ name: 'title', type: 'text', maxLength: 200 }),
    translatedLocalesField,
    // One level: an activity read by itself shows its module (the console's lists); an activity
    // inside its module's page keeps the id, not a second copy of the module it sits in.
    { name: 'module', type: 'relationship', relationTo: 'modules', required: true, index: true, maxDepth: 1 },
    {
      name: 'type',
      type: 'select',
      required: true,
      defaultValue: 'default',
      options: activityTypeOptions,
    },
    { name: 'order', type: 'number', required: true, defaultValue: 0, index: true },
    {
      // The state benchmarks this activity assesses or teaches, beside those of its module.
      name: 'benchmarks',
      type: 'relationship',
      relationTo: 'benchmarks',
      hasMany: true,
      maxDepth: 1,
    },
    {
      name: 'width',
      type: 'select',
      required: true,
      defaultValue: 'full',
      options: activityWidthOptions,
    },
    ...richTextFields(),
    {
      name: 'links',
      type: 'array',
      admin: { condition: (data) => data?.type === 'links' },
      fields: [
        requiredInEnglish({ name: 'text', type: 'text', maxLength: 300 }),
        { name: 'path', type: 'text', required: true, maxLength: 2000, validate: safeLink },
      ],
    },
    {
      name: 'readings',
      type: 'array',
      admin: { condition: (data) => data?.type === 'readings' },
      fields: [
        requiredInEnglish({ name: 'text', type: 'text', maxLength: 300 }),
        { name: 'path', type: 'text', maxLength: 2000, validate: safeLink },
        {
          name: 'files',
          type: 'array',
          fields: [requiredInEnglish({ name: 'text', type: 'text', maxLength: 300 }), { name: 'file', type: 'upload', relationTo: 'media', required: true }],
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
      admin: {
        condition: (data) => data?.type === 'storyline',
        readOnly: true,
        description: 'The uploaded Storyline package. Upload or replace it from the console (POST /api/activities/:id/storyline).',
      },
      access: { create: () => false, update: () => false },
      fields: [
        { name: 'filename', type: 'text' },
        { name: 'fileCount', type: 'number' },
        { name: 'totalBytes', type: 'number' },
        { name: 'uploadedAt', type: 'date' },
        {
          name: 'standard',
          type: 'select',
          options: standards.map((value) => ({ label: standardLabels[value], value })),
          admin: { description: 'Found in the package: how it reports scores.' },
        },
        { name: 'launchFile', type: 'text', admin: { description: 'The file a student opens (from imsmanifest.xml or tincan.xml, else story.html).' } },
        { name: 'xapiActivityId', type: 'text' },
        { name: 'masteryScore', type: 'number' },
        {
          name: 'cmi5',
          type: 'json',
          admin: { description: "cmi5: the AU's launch data from cmi5.xml (publisher id, moveOn, masteryScore 0–1, launchParameters)." },
        },
      ],
    },
    {
      // Outside the storyline group, which only the upload route writes: staff choose these.
      name: 'allowedHosts',
      type: 'text',
      hasMany: true,
      maxRows: 20,
      maxLength: 260,
      validate: allowedHostsRule,
      hooks: {
        beforeValidate: [({ value }) => (Array.isArray(value) ? value.map((host) => (typeof host === 'string' ? host.trim().toLowerCase() : host)) : value)],
      },
      admin: {
        condition: (data) => data?.type === 'storyline',
        description:
          'Outside hosts this package may reach from a student’s browser (for example an outside LRS). Everything else it tries is blocked and listed under Blocked requests. Leave empty unless the school agreed to that host.',
      },
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
