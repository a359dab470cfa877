import type { Payload } from 'payload'

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
