import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './client'
import { ExpiringCache, retryDelay, swrConfig } from './swrConfig'

type Retry = NonNullable<typeof swrConfig.onErrorRetry>

function retry(error: unknown, retryCount: number) {
  const revalidate = vi.fn()
  const onErrorRetry = swrConfig.onErrorRetry as Retry
  onErrorRetry(error, '/api/x', { ...swrConfig, errorRetryCount: 3 } as never, revalidate, { retryCount, dedupe: true })
  return revalidate
}

afterEach(() => {
  vi.useRealTimers()
})

describe('data-fetching defaults', () => {
  it('waits min(1000*2^n, 30000) ms', () => {
    expect([0, 1, 2, 3, 4, 5].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000])
  })

  it('retries server errors three times with backoff, and never client errors', () => {
    vi.useFakeTimers()
    const serverError = new ApiError(500, null)
    const first = retry(serverError, 1)
    vi.advanceTimersByTime(999)
    expect(first).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(first).toHaveBeenCalledWith({ retryCount: 1 })
    const third = retry(serverError, 3)
    vi.advanceTimersByTime(4000)
    expect(third).toHaveBeenCalled()
    const fourth = retry(serverError, 4)
    vi.advanceTimersByTime(60_000)
    expect(fourth).not.toHaveBeenCalled()
    const notFound = retry(new ApiError(404, 'Page not found.'), 1)
    vi.advanceTimersByTime(60_000)
    expect(notFound).not.toHaveBeenCalled()
  })

  it('revalidates on mount, focus and reconnect', () => {
    expect(swrConfig).toMatchObject({ revalidateOnMount: true, revalidateOnFocus: true, revalidateOnReconnect: true, errorRetryCount: 3 })
  })

  it('forgets cache entries nobody touched for 5 minutes', () => {
    let now = 0
    const cache = new ExpiringCache<string>(300_000, () => now)
    cache.set('a', { data: 'x' })
    now = 200_000
    expect(cache.get('a')).toEqual({ data: 'x' })
    now = 499_000
    expect(cache.get('a')).toEqual({ data: 'x' })
    now = 800_001
    expect(cache.get('a')).toBeUndefined()
  })
})
