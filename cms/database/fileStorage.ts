import type { S3ClientConfig } from '@aws-sdk/client-s3'
import { s3Storage } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'

/**
 * The S3-compatible bucket named by `S3_BUCKET` and how to reach it, or null without one. Media
 * (below) and Storyline packages (cms/packages/storyline/packageBucket.ts) share it.
 * Credentials come from `S3_ACCESS_KEY_ID`/`S3_SECRET_ACCESS_KEY`, else from the AWS SDK's usual
 * chain (environment, instance role). Checksums only when an operation requires them: several
 * S3-compatible servers do not accept the SDK's newer default (trailing CRC32 on every upload).
 */
export const objectStorageSettings = (): { bucket: string; config: S3ClientConfig } | null => {
  const bucket = process.env.S3_BUCKET || ''
  return bucket ? { bucket, config: clientConfig() } : null
}

const clientConfig = (): S3ClientConfig => {
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = process.env
  return {
    endpoint: process.env.S3_ENDPOINT || undefined,
    region: process.env.S3_REGION || 'us-east-1',
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
}

/**
 * Media in S3-compatible object storage when `S3_BUCKET` is set, so every instance reads and
 * writes the same files; otherwise on local disk (`UPLOADS_DIR/media`). The plugin is registered
 * either way with `alwaysInsertFields`, so the media table has the same columns (`prefix`,
 * `_objectKey`) with or without object storage and one set of migrations serves both. Files keep their URLs
 * (`/api/media/file/<name>`): Payload streams them from the bucket with its access control.
 */
export const objectStorage = (): Plugin[] => {
  const settings = objectStorageSettings()
  return [
    s3Storage({
      enabled: Boolean(settings),
      alwaysInsertFields: true,
      bucket: settings?.bucket ?? '',
      collections: { media: true },
      config: clientConfig(),
    }),
  ]
}
