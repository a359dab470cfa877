import type { Payload } from 'payload'

import type { Actors } from './actors'
import type { Client } from './client'

/** A function that creates a document of any collection with access overridden, and answers its id. */
export const docCreator =
  (payload: Payload) =>
  (collection: string, data: Record<string, unknown>): Promise<number> =>
    payload.create({ collection: collection as never, data: data as never, overrideAccess: true }).then((d: any) => d.id)

/** A topic holding one module holding one activity (of the default type), each with a title and a line of text. */
export const topicWithModule = async (
  payload: Payload,
  titles: { topic: string; module: string; activity: string },
): Promise<{ topicId: number; moduleId: number }> => {
  const topic = await payload.create({
    collection: 'topics',
    data: { title: titles.topic, markdown: `About ${titles.topic}.`, order: 1 } as never,
    overrideAccess: true,
  })
  const module = await payload.create({
    collection: 'modules',
    data: { title: titles.module, markdown: `About ${titles.module}.`, order: 1, topic: topic.id } as never,
    overrideAccess: true,
  })
  await payload.create({
    collection: 'activities',
    data: { title: titles.activity, type: 'default', markdown: 'Try it.', order: 1, module: module.id } as never,
    overrideAccess: true,
  })
  return { topicId: topic.id as number, moduleId: module.id as number }
}

/** A topic holding one empty module, for a file that adds activities of its own: the module's id. */
export const emptyModule = async (payload: Payload): Promise<number> => {
  const topic = await payload.create({ collection: 'topics', data: { title: 'Topic', markdown: 'Body' } as never, overrideAccess: true })
  const module = await payload.create({
    collection: 'modules',
    data: { title: 'Module', markdown: 'Body', topic: topic.id } as never,
    overrideAccess: true,
  })
  return module.id as number
}

/** A Storyline activity in the module, without a package yet: its id. */
export const storylineActivity = async (payload: Payload, moduleId: number, title = `Quiz ${Math.random().toString(36).slice(2, 7)}`): Promise<number> =>
  (await payload.create({ collection: 'activities', data: { title, type: 'storyline', markdown: 'Body', module: moduleId } as never, overrideAccess: true }))
    .id as number

/** Sends a package's zip to an activity's upload route as `client`: the answer, whatever it is. */
export const uploadPackage = (client: Client, activityId: number | string, zip: Buffer | string, fileName = 'package.zip', field = 'file') => {
  const form = new FormData()
  form.append(field, new Blob([typeof zip === 'string' ? Buffer.from(zip) : new Uint8Array(zip)], { type: 'application/zip' }), fileName)
  return client.request('POST', `/api/activities/${activityId}/storyline`, undefined, { raw: form })
}

/** Uploads a package that must install (anything but 200 throws, with the answer): the answer. */
export const installPackage = async (editor: Client, activityId: number | string, zip: Buffer) => {
  const res = await uploadPackage(editor, activityId, zip)
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`)
  return res
}

/** A new Storyline activity in the module with this package installed: its id. */
export const activityWithPackage = async (payload: Payload, editor: Client, moduleId: number, zip: Buffer, title?: string): Promise<number> => {
  const id = await storylineActivity(payload, moduleId, title)
  await installPackage(editor, id, zip)
  return id
}

/**
 * Where the package and attempt tests start: an editor who may upload packages, a teacher's
 * classroom with `studentCount` students in it, and an empty module for the activities.
 */
export const packageClassroom = async (actors: Actors, payload: Payload, studentCount = 1) => {
  const editor = await actors.staff('activities:write')
  const teacher = await actors.educator()
  const classroomId = (await actors.classroom(teacher)).id as number
  const students: Awaited<ReturnType<Actors['student']>>[] = []
  for (let i = 0; i < studentCount; i++) students.push(await actors.student(classroomId))
  return { editor, teacher, classroomId, students, moduleId: await emptyModule(payload) }
}

/** The attempt of a student on an activity, as stored (undefined before the first open). */
export const storedAttempt = async (payload: Payload, studentId: unknown, activityId: number) =>
  (
    await payload.find({
      collection: 'attempts',
      where: { and: [{ student: { equals: studentId } }, { activity: { equals: activityId } }] },
      overrideAccess: true,
      depth: 0,
    })
  ).docs[0] as any
