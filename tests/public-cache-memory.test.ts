import { beforeAll, describe, expect, it } from 'vitest'

import { topicWithModule } from './helpers/content'
import { serverForFile } from './helpers/fileServer'

/**
 * The public-read cache's memory (cms/cache/publicCache.ts, cms/cache/publicCacheAddress.ts): an entry is kept
 * under the parameters its route reads, and its key and headers count against the bound. A small
 * bound here, so that a flood can reach it.
 */
let cacheSize: () => { entries: number; bytes: number; maxBytes: number }
let topicId: number

const { server } = serverForFile({ env: { PUBLIC_CACHE_MB: '0.25' } })
beforeAll(async () => {
  ;({ publicCacheSize: cacheSize } = await import('@cms/cache'))
  ;({ topicId } = await topicWithModule(server.payload, { topic: 'Voting', module: 'Ballots', activity: 'Mark a ballot' }))
  await server.payload.update({ collection: 'topics', id: topicId, locale: 'es', data: { title: 'Votación' } as never, overrideAccess: true })
})

const get = async (path: string) => {
  const res = await fetch(server.base + path)
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text() }
}

/** Runs `work` for each item, a few at a time. */
const inBatches = async <T>(items: T[], work: (item: T) => Promise<void>, size = 8) => {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work))
}

const topics = '/api/topics?sort=order&depth=2'
const titles = (body: { docs: { title: string }[] }) => body.docs.map((topic) => topic.title)

describe('the public-read cache under junk query strings', () => {
  it('keeps one entry for one read, however its parameters are ordered or encoded', async () => {
    expect(titles((await get(topics)).body)).toEqual(['Voting'])
    const before = cacheSize()
    for (const same of ['/api/topics?depth=2&sort=order', '/api/topics?depth=%32&sort=order', '/api/topics?sort=order&depth=2&']) {
      expect(titles((await get(same)).body)).toEqual(['Voting'])
    }
    expect(cacheSize().entries).toBe(before.entries)
  })

  it('answers reads with parameters no route reads, or values it would not take, without keeping them', async () => {
    const before = cacheSize()
    const junk = 'x'.repeat(14 * 1024)
    await inBatches(
      Array.from({ length: 120 }, (_, i) => i),
      async (i) => {
        const res = await get(`${topics}&junk${i}=${junk}`)
        expect(res.status).toBe(200)
        expect(titles(res.body)).toEqual(['Voting'])
      },
    )
    for (const odd of [
      `${topics}&where[title][equals]=${junk}`,
      `${topics.replace('depth=2', 'depth=999')}`,
      `${topics}&limit=${junk}`,
      `${topics}&locale=xx`,
      `${topics}&locale=es&locale=ht`,
      `${topics}&sort=title`,
    ]) {
      expect((await get(odd)).status).toBeLessThan(500)
    }
    const after = cacheSize()
    expect(after.entries).toBe(before.entries)
    expect(after.bytes).toBe(before.bytes)
  })

  it('keeps a parameter the route reads apart: each language has its own entry', async () => {
    const before = cacheSize()
    expect(titles((await get(`${topics}&locale=es`)).body)).toEqual(['Votación'])
    expect(titles((await get(`/api/topics?locale=es&depth=2&sort=order`)).body)).toEqual(['Votación'])
    expect(cacheSize().entries).toBe(before.entries + 1)
    expect(titles((await get(topics)).body)).toEqual(['Voting'])
    expect(cacheSize().entries).toBe(before.entries + 1)
  })

  it('counts each entry’s key against the bound, and stays within it however many reads it is asked to keep', async () => {
    const before = cacheSize()
    const search = 'y'.repeat(1500)
    const address = `/api/topics?where[title][equals]=${search}`
    const res = await get(address)
    expect(res.status).toBe(200)
    expect(res.body.docs).toEqual([])
    const one = cacheSize()
    expect(one.entries).toBe(before.entries + 1)
    // The entry's room includes its key (the address), not only the answer's bodies.
    expect(one.bytes - before.bytes).toBeGreaterThan(address.length + JSON.stringify(res.body).length)

    // Distinct real reads, each kept until the bound is reached; older ones make room.
    await inBatches(
      Array.from({ length: 150 }, (_, i) => i),
      async (i) => {
        expect((await get(`/api/topics?where[title][equals]=${i}-${search}`)).status).toBe(200)
      },
    )
    const full = cacheSize()
    expect(full.maxBytes).toBe(0.25 * 1024 * 1024)
    expect(full.bytes).toBeLessThanOrEqual(full.maxBytes)
    expect(full.entries).toBeLessThan(150)
    // The most recent reads are still answered from memory.
    expect(titles((await get(topics)).body)).toEqual(['Voting'])
  })
})
