import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { anyone } from '../../access/anyone'
import { hiddenUnless } from '../../access/adminHidden'
import { hasAnyScope } from '../../access/hasScope'
import { contentScopes } from '../../common/scopes'
import { uploadsDir } from '@cms/config/paths'

const writers = hasAnyScope('pages:write', 'modules:write', 'topics:write', 'activities:write')
const deleters = hasAnyScope('pages:delete', 'modules:delete', 'topics:delete', 'activities:delete')

/** Thumbnails and reading files. */
export const Media: CollectionConfig = {
  slug: 'media',
  admin: {
    useAsTitle: 'filename',
    defaultColumns: ['filename', 'alt', 'mimeType', 'filesize', 'updatedAt'],
    group: 'Content',
    hidden: hiddenUnless(...contentScopes),
  },
  access: { read: anyone, create: writers, update: writers, delete: deleters },
  upload: {
    staticDir: path.join(uploadsDir, 'media'),
    mimeTypes: [
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'text/plain',
    ],
    imageSizes: [{ name: 'card', width: 640, height: 360, position: 'centre' }],
    adminThumbnail: 'card',
  },
  // The description is read in the page's language, like a title; an untranslated one falls back to English.
  fields: [{ name: 'alt', type: 'text', maxLength: 300, localized: true, admin: { description: 'Describe the image for screen-reader users.' } }],
}
