import type { Payload } from 'payload'

import type { Scope } from '../../common/scopes'
import { Client } from './client'

let counter = 0
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`
export const password = 'correct-horse-42'

/** Creates accounts straight through the Local API and returns logged-in clients. */
export class Actors {
  constructor(
    readonly payload: Payload,
    readonly base: string,
  ) {}

  anonymous() {
    return new Client(this.base)
  }

  async login(login: string, pass = password) {
    const client = new Client(this.base)
    const res = await client.post('/api/login', { username: login, password: pass })
    if (res.status !== 200) throw new Error(`login ${login} failed: ${res.status} ${JSON.stringify(res.body)}`)
    return Object.assign(client, { user: res.body.user })
  }

  async educator(attributes: Record<string, unknown> = {}, scopes: Scope[] = []) {
    const email = `t${unique()}@example.org`
    await this.payload.create({
      collection: 'users',
      data: {
        email,
        emailVerified: true,
        password,
        scopes,
        mode: 'day',
        theme: 'civics',
        attributes: { type: 'teacher', firstName: 'Tess', lastName: 'Teach', completed: true, ...attributes },
      } as never,
      overrideAccess: true,
    })
    return this.login(email)
  }

  staff(...scopes: Scope[]) {
    return this.educator({ type: 'other', position: 'Editor' }, scopes)
  }

  async classroom(owner: { user: { id: number | string } }, code = `C${unique()}`.toUpperCase().slice(0, 12)) {
    return this.payload.create({ collection: 'classrooms', data: { name: `Class ${code}`, code, owner: owner.user.id } as never, overrideAccess: true })
  }

  async student(classroomId: number | string) {
    const username = `s-${unique()}`
    await this.payload.create({
      collection: 'users',
      data: {
        username,
        password,
        mode: 'day',
        theme: 'civics',
        attributes: { type: 'student', classroom: classroomId, firstName: 'Stu', lastName: 'Dent', completed: true },
      } as never,
      overrideAccess: true,
    })
    return this.login(username)
  }
}
