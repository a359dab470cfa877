import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root, whether running from cms/ sources or a Next build. */
export const rootDir = process.env.APP_ROOT || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const dataDir = process.env.DATA_DIR || path.join(rootDir, 'data')
export const uploadsDir = process.env.UPLOADS_DIR || path.join(rootDir, 'uploads')
export const webDistDir = path.join(rootDir, 'web', 'dist')
/** Where uploads wait while they are checked: beside the data, not under the served uploads tree. */
export const uploadTmpDir = (): string => process.env.UPLOAD_TMP_DIR || path.join(dataDir, 'tmp')
