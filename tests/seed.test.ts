import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { Client } from './helpers/client'
import { serverForFile } from './helpers/fileServer'

const { server } = serverForFile({ seed: true })

const count = async (collection: string, where?: Record<string, unknown>) =>
  (await server.payload.count({ collection: collection as never, where: where as never, overrideAccess: true })).totalDocs

const footerPages = ['privacy', 'terms', 'privacy-policy', 'terms-and-conditions', 'civics360', 'fjcc', 'eoc', 'help', 'about-us', 'change-log', 'contact']

describe('seed', () => {
  it('seeds real content on the first start of an empty database', async () => {
    const topics = await server.payload.find({ collection: 'topics', sort: 'order', depth: 0, overrideAccess: true })
    expect(topics.docs.map((t) => t.title)).toEqual(
      expect.arrayContaining(['Foundations of Government', 'The Constitution', 'Citizenship', 'Government in Florida']),
    )
    for (const topic of topics.docs) expect(await count('modules', { topic: { equals: topic.id } })).toBeGreaterThanOrEqual(2)
    for (const type of ['links', 'readings', 'storyline', 'video', 'default']) expect(await count('activities', { type: { equals: type } })).toBeGreaterThan(0)
    const slugs = (await server.payload.find({ collection: 'pages', limit: 100, overrideAccess: true })).docs.map((p) => p.slug)
    expect(slugs).toEqual(expect.arrayContaining(footerPages))
    expect(await count('countries')).toBeGreaterThan(240)
    const us = (await server.payload.find({ collection: 'countries', where: { countryShortCode: { equals: 'US' } }, overrideAccess: true })).docs[0]
    expect(us.countryName).toBe('United States')
    expect(us.regions).toEqual(expect.arrayContaining([{ name: 'Florida', shortCode: 'FL' }]))
  })

  it('installs the sample Storyline package, a SCORM 1.2 quiz, on the content origin', async () => {
    const activity = (await server.payload.find({ collection: 'activities', where: { type: { equals: 'storyline' } }, overrideAccess: true })).docs[0]
    expect(activity.storylineUrl).toBe(`/uploads/${activity.id}/storyline/story.html`)
    expect(activity.storyline).toMatchObject({ standard: 'scorm12', launchFile: 'index_lms.html', masteryScore: 60 })
    const res = await fetch(server.base + activity.storylineUrl)
    expect(res.url).toBe(server.contentBase + activity.storylineUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${server.base};`)
    expect(await res.text()).toContain('Bill of Rights Quiz')
    const tracked = await fetch(`${server.contentBase}/uploads/${activity.id}/storyline/index_lms.html`)
    expect(await tracked.text()).toContain('lms/scormdriver.js')
  })

  it('creates the demo accounts with generated passwords that work, saved only in data/', async () => {
    const file = fs.readFileSync(path.join(server.dir, 'demo-logins.txt'), 'utf8')
    const logins = [...file.matchAll(/^\s+.+?\s{2,}(\S+)\s+(civics-\S+)$/gm)].map((m) => ({ login: m[1], password: m[2] }))
    expect(logins.map((l) => l.login)).toEqual(['editor@civics360.local', 'teacher@civics360.local', 'demo-student'])
    for (const { login, password } of logins) {
      const res = await new Client(server.base).post('/api/login', { username: login, password })
      expect(res.status).toBe(200)
    }
    const editor = await new Client(server.base).post('/api/login', logins[0] && { username: logins[0].login, password: logins[0].password })
    expect(editor.body.user.scopes).toHaveLength(12)
    const teacher = await new Client(server.base).post('/api/login', { username: logins[1].login, password: logins[1].password })
    const classrooms = await new Client(server.base).request('GET', `/api/users/${teacher.body.user.id}/classrooms`, undefined, {
      headers: { authorization: `Bearer ${teacher.body.token}` },
    })
    expect(classrooms.body.docs[0]).toMatchObject({ code: 'CIVICS-7A', studentCount: 1 })
  })

  it('is idempotent: a second run creates nothing and changes nothing', async () => {
    const collections = ['topics', 'modules', 'activities', 'pages', 'posts', 'media', 'users', 'schools', 'classrooms', 'countries']
    const before = await Promise.all(collections.map((c) => count(c)))
    const updatedBefore = (await server.payload.find({ collection: 'topics', limit: 1, overrideAccess: true })).docs[0].updatedAt
    // Imported here: the seed reads UPLOADS_DIR when first imported, after startServer has set it.
    const { seed } = await import('../seed')
    expect(await seed(server.payload)).toEqual([])
    expect(await Promise.all(collections.map((c) => count(c)))).toEqual(before)
    expect((await server.payload.find({ collection: 'topics', limit: 1, overrideAccess: true })).docs[0].updatedAt).toBe(updatedBefore)
  })
})
