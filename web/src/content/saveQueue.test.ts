import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Launch } from '../api/types'
import { memoryStore, type QueuedSave, SaveQueue, type SaveStore, type SendOutcome, withLocalState } from './saveQueue'

/** A server the tests switch off and on; it records every save it took, in order. */
function fakeServer() {
  const taken: QueuedSave[] = []
  const tried: string[] = []
  let online = true
  let refuse = new Set<string>()
  const send = vi.fn(async (save: QueuedSave): Promise<SendOutcome> => {
    tried.push(save.id)
    if (!online) return { kind: 'retry' }
    if (refuse.has(save.activity)) return { kind: 'refused' }
    taken.push(structuredClone(save))
    return { kind: 'sent' }
  })
  return {
    send,
    taken,
    tried,
    setOnline: (value: boolean) => {
      online = value
    },
    refuseActivity: (activity: string) => {
      refuse = new Set([...refuse, activity])
    },
  }
}

const queues: SaveQueue[] = []

/** A queue as a page makes it; a second one over the same store is the page after a reload. */
function pageQueue(store: SaveStore, server: ReturnType<typeof fakeServer>, user = '3') {
  // Retries wait for the test (a flush or `online`), never for a clock.
  const queue = new SaveQueue({ store, send: server.send, retryDelay: () => 60 * 60 * 1000 })
  queue.setUser(user)
  queues.push(queue)
  return queue
}

afterEach(() => {
  // Cancel the retry timers the queues left.
  for (const queue of queues.splice(0)) queue.setUser(null)
  vi.useRealTimers()
})

const save = (activity: string, body: Record<string, unknown>, session = 's-1', user = '3') => ({
  user,
  activity,
  session,
  body: { session, ...body },
})

const idle = async (queue: SaveQueue) => {
  await queue.flush()
  await queue.flush()
}

describe('the save queue', () => {
  it('sends saves in the order they were made, one at a time', async () => {
    const server = fakeServer()
    let running = 0
    let most = 0
    const send = server.send.getMockImplementation()!
    server.send.mockImplementation(async (entry) => {
      running += 1
      most = Math.max(most, running)
      await new Promise((resolve) => setTimeout(resolve, 0))
      running -= 1
      return send(entry)
    })
    const queue = pageQueue(memoryStore(), server)
    queue.add(save('8', { n: 1 }))
    queue.add(save('9', { n: 2 }))
    queue.add(save('8', { n: 3 }, 's-2'))
    await idle(queue)
    expect(server.taken.map((entry) => entry.body.n)).toEqual([1, 2, 3])
    expect(most).toBe(1)
    expect(queue.state('8')).toBe('saved')
  })

  it('keeps what could not be sent and sends it, in order and once, when the network is back', async () => {
    const server = fakeServer()
    const queue = pageQueue(memoryStore(), server)
    queue.add(save('8', { step: 1 }))
    await idle(queue)
    server.setOnline(false)
    queue.add(save('9', { answer: 'a' }))
    await idle(queue)
    queue.add(save('8', { step: 2 }))
    queue.add(save('8', { step: 3, score: 80 }))
    await idle(queue)
    await queue.flush()
    expect(queue.state('8')).toBe('retrying')
    expect(queue.state('9')).toBe('retrying')

    server.setOnline(true)
    await idle(queue)
    // The newer whole state of activity 8 replaced the older one that had not left.
    expect(server.taken.map((entry) => [entry.activity, entry.body])).toEqual([
      ['8', { session: 's-1', step: 1 }],
      ['9', { session: 's-1', answer: 'a' }],
      ['8', { session: 's-1', step: 3, score: 80 }],
    ])
    // Each save the server took has its own id, and none was taken twice.
    const ids = server.taken.map((entry) => entry.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(queue.state('8')).toBe('saved')
    expect(queue.state('9')).toBe('saved')
    // A failed try is tried again under the same id.
    const retried = server.tried.filter((id, index) => server.tried.indexOf(id) !== index)
    expect(retried.every((id) => ids.includes(id))).toBe(true)
  })

  it('never sends a save twice when flushes overlap', async () => {
    const server = fakeServer()
    const queue = pageQueue(memoryStore(), server)
    for (let n = 1; n <= 5; n += 1) queue.add(save(String(n), { n }))
    await Promise.all([queue.flush(), queue.flush(), queue.flush(), idle(queue)])
    await idle(queue)
    expect(server.tried).toHaveLength(5)
    expect(server.taken.map((entry) => entry.body.n)).toEqual([1, 2, 3, 4, 5])
  })

  it('survives a reload: a new page sends what the last one could not, in order', async () => {
    const store = memoryStore()
    const server = fakeServer()
    server.setOnline(false)
    const before = pageQueue(store, server)
    await before.add(save('8', { step: 2 })).stored
    await before.add(save('9', { step: 1 })).stored
    await idle(before)
    before.setUser(null)

    server.setOnline(true)
    const after = pageQueue(store, server)
    await idle(after)
    expect(server.taken.map((entry) => [entry.activity, entry.body.step])).toEqual([
      ['8', 2],
      ['9', 1],
    ])
    expect(await store.all()).toEqual([])
  })

  it('drops a save the server refuses for good, and goes on with the next', async () => {
    const server = fakeServer()
    server.refuseActivity('8')
    const queue = pageQueue(memoryStore(), server)
    queue.add(save('8', { bad: true }))
    queue.add(save('9', { good: true }))
    await idle(queue)
    expect(server.taken.map((entry) => entry.activity)).toEqual(['9'])
    expect(queue.state('8')).toBe('idle')
  })

  it("sends only the signed-in student's saves", async () => {
    const store = memoryStore()
    const server = fakeServer()
    const queue = pageQueue(store, server, '3')
    server.setOnline(false)
    await queue.add(save('8', { mine: false }, 's-1', '4')).stored
    server.setOnline(true)
    await queue.add(save('8', { mine: true }, 's-1', '3')).stored
    await idle(queue)
    expect(server.taken.map((entry) => entry.user)).toEqual(['3'])
    expect((await store.all()).map((entry) => entry.user)).toEqual(['4'])
    queue.setUser('4')
    await idle(queue)
    expect(server.taken.map((entry) => entry.user)).toEqual(['3', '4'])
  })

  it('a reopen adopts the waiting saves into the new session and resumes from them', async () => {
    const server = fakeServer()
    server.setOnline(false)
    const queue = pageQueue(memoryStore(), server)
    const cmi = { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.lesson_location': 'step-2', 'cmi.suspend_data': '{"step":2}', 'cmi.core.exit': 'suspend' }
    await queue.add(save('8', { cmi })).stored
    const launch: Launch = {
      standard: 'scorm12',
      resume: false,
      session: 's-2',
      launcherUrl: 'http://content.test/launch/8',
      contentOrigin: 'http://content.test',
      packageUrl: 'http://content.test/uploads/8/storyline/index_lms.html',
      storage: { cookies: {}, localStorage: {} },
      scorm: { cmi: { 'cmi.core.entry': 'ab-initio', 'cmi.core.lesson_status': 'not attempted', 'cmi.suspend_data': '', 'cmi.core.student_id': '3' } },
    } as Launch
    const adopted = await queue.adopt('8', launch)
    expect(adopted.resume).toBe(true)
    expect(adopted.scorm?.cmi).toEqual({
      'cmi.core.entry': 'resume',
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.lesson_location': 'step-2',
      'cmi.suspend_data': '{"step":2}',
      'cmi.core.student_id': '3',
    })
    server.setOnline(true)
    await idle(queue)
    expect(server.taken.map((entry) => entry.body.session)).toEqual(['s-2'])
    // With nothing waiting, the server's launch is used as it is.
    expect(await queue.adopt('8', launch)).toBe(launch)
  })

  it('puts the waiting package storage in the launch', () => {
    const storage = { cookies: { step: { value: '2', expires: null } }, localStorage: {} }
    const launch = { standard: 'none', resume: false, session: 's', storage: { cookies: {}, localStorage: {} } } as unknown as Launch
    expect(withLocalState(launch, { storage }).storage).toEqual(storage)
  })
})
