/**
 * A package's browser storage as the product keeps it on the student's attempt (`resume.storage`):
 * its cookies and its localStorage, written by the storage shim in the package's pages
 * (cms/packages/content/storage-shim.js) and saved through PUT /api/activities/:id/attempt. One shape and
 * one limit for the server's check, the SPA's save and the docs (docs/api.md, "Attempts").
 */

/** The most a package may keep, counted as the UTF-8 bytes of the JSON the product stores. */
export const PACKAGE_STORAGE_MAX_BYTES = 64 * 1024

export type PackageCookie = {
  value: string
  /** Milliseconds since 1970 when the cookie expires; null for a cookie set without an expiry. */
  expires: number | null
}

// Type aliases (not interfaces), so a storage fits Payload's JSON field type.
export type PackageStorage = {
  cookies: Record<string, PackageCookie>
  localStorage: Record<string, string>
}

export const emptyPackageStorage = (): PackageStorage => ({ cookies: {}, localStorage: {} })

export const packageStorageBytes = (storage: unknown): number => new TextEncoder().encode(JSON.stringify(storage)).length

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype

/**
 * Checks a storage sent by a client: the shape above and the size limit. Answers the storage
 * (without expired cookies) or the problems found, each as a sentence naming the part at fault.
 */
export const checkPackageStorage = (value: unknown, now = Date.now()): { storage: PackageStorage } | { problems: { path: string; message: string }[] } => {
  const problems: { path: string; message: string }[] = []
  if (!isPlainObject(value)) return { problems: [{ path: 'storage', message: 'storage must be an object with "cookies" and "localStorage".' }] }
  for (const key of Object.keys(value)) {
    if (key !== 'cookies' && key !== 'localStorage') problems.push({ path: `storage.${key}`, message: `Unknown field: storage.${key}.` })
  }
  const storage = emptyPackageStorage()
  const cookies = value.cookies ?? {}
  if (!isPlainObject(cookies)) problems.push({ path: 'storage.cookies', message: 'storage.cookies must be an object of cookies by name.' })
  else {
    for (const [name, cookie] of Object.entries(cookies)) {
      const valid =
        name !== '' &&
        isPlainObject(cookie) &&
        typeof cookie.value === 'string' &&
        (cookie.expires === null || cookie.expires === undefined || (typeof cookie.expires === 'number' && Number.isFinite(cookie.expires)))
      if (!valid) {
        problems.push({ path: 'storage.cookies', message: `The cookie "${name.slice(0, 40)}" must be { value: text, expires: a time or null }.` })
        continue
      }
      const expires = typeof cookie.expires === 'number' ? cookie.expires : null
      if (expires === null || expires > now) storage.cookies[name] = { value: cookie.value as string, expires }
    }
  }
  const local = value.localStorage ?? {}
  if (!isPlainObject(local)) problems.push({ path: 'storage.localStorage', message: 'storage.localStorage must be an object of text values by key.' })
  else {
    for (const [key, item] of Object.entries(local)) {
      if (typeof item !== 'string') {
        problems.push({ path: 'storage.localStorage', message: `The localStorage item "${key.slice(0, 40)}" must be text.` })
        continue
      }
      storage.localStorage[key] = item
    }
  }
  if (problems.length) return { problems }
  const bytes = packageStorageBytes(storage)
  if (bytes > PACKAGE_STORAGE_MAX_BYTES) {
    return {
      problems: [
        {
          path: 'storage',
          message: `The package's storage is ${(bytes / 1024).toFixed(1)} KB; a package may keep at most ${PACKAGE_STORAGE_MAX_BYTES / 1024} KB.`,
        },
      ],
    }
  }
  return { storage }
}
