import * as payloadApi from 'payload'

/**
 * What `patches/payload+3.90.1.patch` adds to Payload's exports, imported from here only. Payload
 * has no option for its password hash, so the patch makes it argon2id; an install without the
 * patch would write PBKDF2 hashes and refuse every argon2id one already stored. A named import of
 * a missing export fails with a bare "does not provide an export named …"; this says which patch
 * is missing and where to read about it (patches/README.md).
 */
const patchedExports = ['setArgon2Runner', 'verifyPasswordHash'] as const

const missing = patchedExports.filter((name) => typeof (payloadApi as Record<string, unknown>)[name] !== 'function')
if (missing.length > 0) {
  throw new Error(
    `payload does not export ${missing.join(' and ')}: patches/payload+3.90.1.patch is not applied to node_modules/payload ` +
      '(reinstall with `npm ci`, whose postinstall runs patch-package; to upgrade Payload, follow docs/upgrading.md). ' +
      'Without it every account whose password is stored as argon2id would be refused.',
  )
}

export const { setArgon2Runner, verifyPasswordHash } = payloadApi
