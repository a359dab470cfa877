import { beforeAll, describe, expect, it } from 'vitest'

import { apiPaths } from '../common/apiPaths'
import { warmContentReads } from '@cms/startup/warmContentReads'
import { Actors } from './helpers/actors'
import { topicWithModule } from './helpers/content'
import { serverForFile } from './helpers/fileServer'

/**
 * Before it serves, the process reads the content a class reads first through its own app
 * (cms/startup/server.ts, cms/startup/warmContentReads.ts), so its first readers meet warm code and, for visitors,
 * answers already kept. Nothing a member alone may read is kept for visitors by it.
 */
let topicId: number
let moduleId: number

const { server } = serverForFile()
beforeAll(async () => {
  ;({ topicId, moduleId } = await topicWithModule(server.payload, { topic: 'Courts', module: 'Juries', activity: 'Sit on a jury' }))
})

const get = (path: string) => fetch(server.base + path)

/** Until the cache keeps answers (on PostgreSQL it waits for its change signal's connection). */
const cacheIsLive = async () => {
  const probe = '/api/pages?limit=1'
  for (let i = 0; i < 100; i++) {
    await get(probe)
    if ((await get(probe)).headers.get('x-public-cache') === 'hit') return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the public-read cache never kept an answer')
}

describe('warming the content reads at start', () => {
  it("answers a visitor's first read of the home data, a topic and a module from what it read; a member's reads are their own", async () => {
    await cacheIsLive()
    const { createApp } = await import('@cms/http/expressApp')
    const { config } = await import('@cms/startup/boot')
    await warmContentReads(createApp({ payload: server.payload, config }), server.payload)

    for (const path of [apiPaths.topics(), apiPaths.topic(topicId), apiPaths.module(moduleId)]) {
      const first = await get(path)
      expect(first.status).toBe(200)
      expect(first.headers.get('x-public-cache')).toBe('hit')
    }
    const visitorModule = await (await get(apiPaths.module(moduleId))).json()
    expect(visitorModule.title).toBe('Juries')
    // Activities are for signed-in readers: the module a visitor was kept carries none, a member's has them.
    expect(JSON.stringify(visitorModule)).not.toContain('Sit on a jury')
    const member = await new Actors(server.payload, server.base).educator()
    const memberModule = await member.get(apiPaths.module(moduleId))
    expect(memberModule.status).toBe(200)
    expect(JSON.stringify(memberModule.body)).toContain('Sit on a jury')
  })
})
