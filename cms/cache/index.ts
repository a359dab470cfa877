import type { CollectionConfig, Plugin } from 'payload'

import { cachedAccountDocument, cachedAccountView, cachedMe, cachedShownDocument, enableAccountCache, servedFromCachedAccount } from './accountCache'
import {
  accountViewCollections,
  answerFromPublicCache,
  cachedWhileContentUnchanged,
  contentChanged,
  contentCollections,
  enablePublicCache,
  everyoneChanged,
  publicCacheSize,
  publicReadCache,
  resolvedUserStrategy,
  startWatching,
  userChanged,
  watchChanges,
} from './publicCache'
import { enableSignedInCache } from './signedIn'

/**
 * The caches, as one Payload plugin: the public-read cache of published content
 * (cms/cache/publicCache.ts), the signed-in account (accountCache.ts), the verdict "this request
 * is signed in" (signedIn.ts), and on PostgreSQL the signal that keeps the instances' caches in
 * step (changeSignal.ts). The plugin adds what they need to Payload's config (collection hooks,
 * the Users token check served from the cached account, the cached GET /api/users/me) and, at
 * Payload's start, what must stay a runtime override (cms/cache/OVERRIDES.md).
 *
 * With `enabled: false` the config is left as it is and every function below answers uncached:
 * the product works the same, every read going to Payload and the database.
 *
 * Nothing outside cms/cache/ imports anything but this file.
 */
export type CachePluginOptions = {
  /** Off: nothing is cached (default on). */
  enabled?: boolean
  /** The public-read cache's bound, in MB, counting each entry's key, headers and its three encodings. */
  publicCacheMB?: number
  /** Signed-in accounts cached at once, the most recently active (a few KB each). */
  maxAccounts?: number
  /** Sets of session headers whose "signed in" verdict is cached at once. */
  maxSignedInVerdicts?: number
}

export const defaultCacheOptions = { publicCacheMB: 64, maxAccounts: 5_000, maxSignedInVerdicts: 20_000 } as const

const withCacheHooks = (collection: CollectionConfig): CollectionConfig => {
  const hooks = collection.hooks ?? {}
  if (accountViewCollections.has(collection.slug)) {
    return {
      ...collection,
      hooks: {
        ...hooks,
        afterChange: [...(hooks.afterChange ?? []), ({ doc }) => (everyoneChanged(), doc)],
        afterDelete: [...(hooks.afterDelete ?? []), ({ doc }) => (everyoneChanged(), doc)],
      },
    }
  }
  if (contentCollections.has(collection.slug)) {
    return {
      ...collection,
      hooks: {
        ...hooks,
        afterChange: [...(hooks.afterChange ?? []), ({ doc }) => (contentChanged(), doc)],
        afterDelete: [...(hooks.afterDelete ?? []), ({ doc }) => (contentChanged(), doc)],
      },
    }
  }
  if (collection.slug === 'users' && collection.auth) {
    const auth = typeof collection.auth === 'object' ? collection.auth : {}
    // Sessions end by logout, by a login trimming old ones, a change or a deletion. The
    // collection's own token checks read the account from the cache; the user the public-read
    // cache resolved for an entry it is making comes first.
    return {
      ...collection,
      auth: { ...auth, strategies: [resolvedUserStrategy, ...(auth.strategies ?? []).map(servedFromCachedAccount)] },
      // Custom endpoints come before Payload's own: this /me answers with Payload's, reading the account from the cache.
      endpoints: [cachedMe, ...(collection.endpoints || [])],
      hooks: {
        ...hooks,
        afterChange: [...(hooks.afterChange ?? []), ({ doc }) => (userChanged(doc.id), doc)],
        afterDelete: [...(hooks.afterDelete ?? []), ({ id, doc }) => (userChanged(id), doc)],
        afterLogout: [...(hooks.afterLogout ?? []), ({ req }) => void (req.user && userChanged(req.user.id))],
      },
    }
  }
  return collection
}

export const cachePlugin =
  (options: CachePluginOptions = {}): Plugin =>
  (config) => {
    if (options.enabled === false) return config
    enableAccountCache(options.maxAccounts ?? defaultCacheOptions.maxAccounts)
    enableSignedInCache(options.maxSignedInVerdicts ?? defaultCacheOptions.maxSignedInVerdicts)
    enablePublicCache((options.publicCacheMB ?? defaultCacheOptions.publicCacheMB) * 1024 * 1024)
    return {
      ...config,
      collections: config.collections?.map(withCacheHooks),
      onInit: async (payload) => {
        await config.onInit?.(payload)
        startWatching(payload)
      },
    }
  }

// What the HTTP server needs (cms/http/expressApp.ts): hits answered before Express, the
// middleware that fills the cache, each request's account versions read once, and the wrapper
// every API request runs in so its changes are announced once committed.
export { answerFromPublicCache, publicReadCache, watchChanges }
export { oneAccountVersionPerRequest } from './accountCache'

// Reads built from the cached account by the product's own account answers (GET /api/me, the
// page data, the attempt token check, the login warm-up): their callers need the same copy the
// sign-in check uses, so that one read of an account serves a request's check and its answer.
export { cachedAccountDocument, cachedAccountView, cachedShownDocument }

/**
 * A value computed from published content alone (the progress grid's columns), recomputed once
 * per content change: the grid needs it on every teacher's request, and only the cache knows
 * when content changed.
 */
export { cachedWhileContentUnchanged }

/**
 * An account changed (here and, on PostgreSQL, on every instance): for a caller that writes an
 * account through the database adapter in a transaction of its own, outside an API request. The
 * adapter's write is seen as it happens, before the commit; this says it again once committed.
 */
export const accountChanged = (id: string | number) => userChanged(id)

// For scripts that write content rows without Payload (bench/large.ts), and for measuring the cache.
export { contentChanged, publicCacheSize }

// The signal between instances, for the test that holds two ends of it.
export { type ChangeSignal, listenForChanges } from './changeSignal'
