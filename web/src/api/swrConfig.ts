import type { Cache, State, SWRConfiguration } from 'swr'
import { ApiError, fetcher } from './client'

/** Spec section 9: query cache 300000 ms, 3 retries, delay min(1000*2^n, 30000) ms. */
export const CACHE_TIME_MS = 300_000
export const RETRY_COUNT = 3

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000)
}

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
}

/**
 * SWR keeps its cache for ever. This Map forgets an entry that nobody has read or written for
 * CACHE_TIME_MS, which is what the spec's "cache time 5 minutes" means.
 */
export class ExpiringCache<Data = unknown> implements Cache<Data> {
  private readonly entries = new Map<string, { value: State<Data>; touched: number }>()

  constructor(
    private readonly ttl: number = CACHE_TIME_MS,
    private readonly now: () => number = Date.now,
  ) {}

  keys(): IterableIterator<string> {
    return this.entries.keys()
  }

  get(key: string): State<Data> | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    const time = this.now()
    if (time - entry.touched > this.ttl) {
      this.entries.delete(key)
      return undefined
    }
    entry.touched = time
    return entry.value
  }

  set(key: string, value: State<Data>): void {
    this.entries.set(key, { value, touched: this.now() })
  }

  delete(key: string): void {
    this.entries.delete(key)
  }
}

export const swrConfig: SWRConfiguration = {
  fetcher,
  provider: () => new ExpiringCache(),
  // Stale time 0: every mount, focus and reconnect revalidates; only requests started within
  // SWR's in-flight window (dedupingInterval) share one fetch.
  revalidateOnMount: true,
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
  revalidateIfStale: true,
  errorRetryCount: RETRY_COUNT,
  onErrorRetry(error, _key, config, revalidate, { retryCount }) {
    if (isClientError(error)) return
    const limit = config.errorRetryCount ?? RETRY_COUNT
    // SWR counts retries from 1; the spec's n counts from 0.
    if (retryCount > limit) return
    setTimeout(() => void revalidate({ retryCount }), retryDelay(retryCount - 1))
  },
}

/** Page-by-slug: 0 retries (spec section 7). */
export const noRetry: SWRConfiguration = { errorRetryCount: 0, shouldRetryOnError: false }
