import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type ChangeSignal, listenForChanges } from '@cms/cache'
import { freshPostgres, sleep } from './instances'

/**
 * The signal between instances (cms/cache/changeSignal.ts), as two processes of one deployment hold it:
 * one announces, the other reads the shared versions and hears the NOTIFYs.
 */
let db: Awaited<ReturnType<typeof freshPostgres>>
let announcer: ChangeSignal
let listener: ChangeSignal
const heard: (string | undefined)[] = []
const failures: unknown[] = []

/** Waits until the signal's listening connection is up (its versions read as unknown until then). */
const connected = async (signal: ChangeSignal) => {
  for (let i = 0; i < 100 && (await signal.contentVersion()) === undefined; i++) await sleep(50)
  expect(await signal.contentVersion()).toBeDefined()
}

beforeAll(async () => {
  db = await freshPostgres()
  announcer = listenForChanges(
    db.url,
    () => undefined,
    (err) => failures.push(err),
  )
  await connected(announcer)
  listener = listenForChanges(
    db.url,
    (message) => heard.push(message),
    (err) => failures.push(err),
  )
  await connected(listener)
})

afterAll(async () => {
  await announcer?.close()
  await listener?.close()
  await db?.drop()
})

describe('accounts announced together', () => {
  it('advance each account once per statement, are current for the other instance as soon as announced, and reach it by NOTIFY', async () => {
    const ids = ['9', '7', '8']
    const versions = async () => (await Promise.all(ids.map((id) => listener.accountVersion(id)))).map((v) => `${v?.account}/${v?.everyone}`)
    expect(await versions()).toEqual(['0/0', '0/0', '0/0'])
    // Asked in one turn of the event loop: one statement, where account 7, named twice, advances once.
    await Promise.all(['9', '7', '8', '7'].map((id) => announcer.announceAccount(id)))
    expect(await versions()).toEqual(['1/0', '1/0', '1/0'])
    for (let i = 0; i < 100 && !ids.every((id) => heard.includes(`user:${id}`)); i++) await sleep(20)
    expect(heard).toEqual(expect.arrayContaining(['user:7', 'user:8', 'user:9']))

    // Asked while a statement is on its way: each joins a later one, and is current once it resolves.
    const first = announcer.announceAccount('7')
    await Promise.resolve()
    const later = ['8', '*'].map((id) => announcer.announceAccount(id))
    await Promise.all([first, ...later])
    expect(await versions()).toEqual(['1/1', '2/1', '2/1'])
    expect(failures).toEqual([])
  })
})
