import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { allCountries } from 'country-region-data'
import type { CollectionSlug, DataFromCollectionSlug, Payload, RequiredDataFromCollectionSlug, Where } from 'payload'
import sharp from 'sharp'
import yazl from 'yazl'

import { allScopes } from '../common/scopes'
import { storylineRecord } from '../collections/Activities/endpoints/storyline'
import { installStorylinePackage } from '@cms/packages/storyline/extract'
import type { Activity } from '../cms/payload-types'
import { uploadsDir } from '@cms/config/paths'
import { benchmarks } from './benchmarks'
import { pages, posts, schools, type SeedActivity, topics } from './content'
import { type ActivityTranslation, topicTranslations } from './translations'

const here = path.dirname(fileURLToPath(import.meta.url))

export type DemoLogin = { role: string; login: string; password: string }

const newPassword = () => `civics-${randomBytes(9).toString('base64url')}`

const first = async <S extends CollectionSlug>(payload: Payload, collection: S, where: Where): Promise<DataFromCollectionSlug<S> | null> =>
  ((await payload.find({ collection, where, limit: 1, depth: 0, overrideAccess: true })).docs[0] as DataFromCollectionSlug<S> | undefined) ?? null

/**
 * A thumbnail: shapes on the colour, rendered to PNG (no SVG is ever served). No words in the
 * picture, which could not follow the reader's language; the card's title beside it names the
 * topic, so the image is decorative and described by an empty alt (docs/adr/text-free-thumbnails.md).
 */
const thumbnail = async (payload: Payload, label: string, color: string) => {
  const name = `thumb-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`
  const found = await first(payload, 'media', { filename: { equals: name } })
  if (found) return found.id
  // The label only varies the drawing, so that neighbouring cards do not look the same.
  const turn = [...label].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="${color}"/>
<g transform="rotate(${turn} 320 180)" fill="#ffffff"><circle cx="420" cy="140" r="150" fill-opacity="0.14"/><circle cx="200" cy="250" r="90" fill-opacity="0.2"/>
<rect x="-100" y="160" width="840" height="36" fill-opacity="0.12"/></g></svg>`
  const data = await sharp(Buffer.from(svg)).png().toBuffer()
  const doc = await payload.create({
    collection: 'media',
    data: { alt: '' },
    file: { data, mimetype: 'image/png', name, size: data.length },
    overrideAccess: true,
  })
  return doc.id
}

const readingFile = async (payload: Payload, file: string, text: string) => {
  const found = await first(payload, 'media', { filename: { equals: file } })
  if (found) return found.id
  const data = await fs.promises.readFile(path.join(here, 'files', file))
  const doc = await payload.create({
    collection: 'media',
    data: { alt: text },
    file: { data, mimetype: 'text/plain', name: file, size: data.length },
    overrideAccess: true,
  })
  return doc.id
}

/** Zips a sample package folder and installs it the way an editor's upload is installed. */
const installSamplePackage = async (payload: Payload, activity: Activity, name: string) => {
  const activityId = activity.id
  const launch = path.join(uploadsDir, String(activityId), 'storyline', 'story.html')
  // Also installed over a package from before launch detection (no standard recorded), so an
  // existing demo database gets the tracked sample.
  if (activity.storyline?.uploadedAt && activity.storyline?.standard && fs.existsSync(launch)) return
  const source = path.join(here, 'storyline', name)
  const zipPath = path.join(await fs.promises.mkdtemp(path.join(os.tmpdir(), 'seed-storyline-')), `${name}.zip`)
  const zip = new yazl.ZipFile()
  const add = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) add(full, `${prefix}${entry.name}/`)
      else zip.addFile(full, `${prefix}${entry.name}`)
    }
  }
  add(source, '')
  zip.end()
  await new Promise<void>((resolve, reject) => {
    zip.outputStream.pipe(fs.createWriteStream(zipPath)).on('close', resolve).on('error', reject)
  })
  const installed = await installStorylinePackage({ zipPath, uploadsDir, activityId, filename: `${name}.zip` })
  await fs.promises.rm(path.dirname(zipPath), { recursive: true, force: true })
  await payload.update({
    collection: 'activities',
    id: activityId,
    data: { storyline: storylineRecord(installed) },
    overrideAccess: true,
  })
}

const activityData = async (payload: Payload, activity: SeedActivity) => {
  const base: Omit<RequiredDataFromCollectionSlug<'activities'>, 'module' | 'order'> = {
    title: activity.title,
    type: activity.type,
    width: activity.width,
    markdown: activity.markdown ?? '',
  }
  if (activity.type === 'links') base.links = activity.links
  if (activity.type === 'video') base.video = activity.video
  if (activity.type === 'readings') {
    base.readings = await Promise.all(
      activity.readings.map(async (reading) => ({
        text: reading.text,
        path: reading.path,
        files: await Promise.all(reading.files.map(async (f) => ({ text: f.text, file: await readingFile(payload, f.file, f.text) }))),
      })),
    )
  }
  return base
}

const seedCountries = async (payload: Payload) => {
  const { totalDocs } = await payload.count({ collection: 'countries', overrideAccess: true })
  if (totalDocs >= allCountries.length) return
  for (const [countryName, countryShortCode, regions] of allCountries) {
    if (await first(payload, 'countries', { countryShortCode: { equals: countryShortCode } })) continue
    await payload.create({
      collection: 'countries',
      data: {
        countryName,
        countryShortCode,
        regions: regions.map(([name, shortCode]) => (shortCode ? { name, shortCode } : { name })),
      },
      overrideAccess: true,
    })
  }
}

/**
 * Florida's benchmarks, when the site has none (every start runs this: a site seeded before they
 * existed gets them too). Staff edit them afterwards: wording, source, reporting category. A site
 * seeded before some official wording was copied into seed/benchmarks.ts gets that wording at its
 * next start, for the benchmarks that still have none: wording staff entered is never replaced.
 */
export const seedBenchmarks = async (payload: Payload) => {
  if ((await payload.count({ collection: 'benchmarks', overrideAccess: true })).totalDocs === 0) {
    for (const [index, benchmark] of benchmarks.entries()) {
      await payload.create({ collection: 'benchmarks', data: { framework: 'SS.7.CG', order: index + 1, ...benchmark }, overrideAccess: true })
    }
    return
  }
  const official = new Map(benchmarks.filter((b) => b.statement).map((b) => [b.code, b]))
  const { docs } = await payload.find({
    collection: 'benchmarks',
    where: { framework: { equals: 'SS.7.CG' } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  for (const doc of docs) {
    const wording = official.get(doc.code)
    if (wording && !doc.statement?.trim())
      await payload.update({ collection: 'benchmarks', id: doc.id, data: { statement: wording.statement, source: wording.source }, overrideAccess: true })
  }
}

/** The ids of the benchmarks with these codes (the seed's tags). */
const benchmarkIds = async (payload: Payload, codes: string[] | undefined) => {
  if (!codes?.length) return []
  const { docs } = await payload.find({ collection: 'benchmarks', where: { code: { in: codes } }, pagination: false, depth: 0, overrideAccess: true })
  return docs.map((doc) => doc.id)
}

const seedContent = async (payload: Payload) => {
  await seedBenchmarks(payload)
  for (const [topicIndex, topic] of topics.entries()) {
    let topicDoc = await first(payload, 'topics', { title: { equals: topic.title } })
    if (!topicDoc) {
      topicDoc = await payload.create({
        collection: 'topics',
        data: {
          title: topic.title,
          markdown: topic.markdown,
          order: topicIndex + 1,
          thumbnail: await thumbnail(payload, topic.thumbnail.label, topic.thumbnail.color),
        },
        overrideAccess: true,
      })
    }
    for (const [moduleIndex, module] of topic.modules.entries()) {
      let moduleDoc = await first(payload, 'modules', { and: [{ title: { equals: module.title } }, { topic: { equals: topicDoc.id } }] })
      if (!moduleDoc) {
        moduleDoc = await payload.create({
          collection: 'modules',
          data: {
            title: module.title,
            subtitle: module.subtitle,
            markdown: module.markdown,
            order: moduleIndex + 1,
            topic: topicDoc.id,
            thumbnail: await thumbnail(payload, module.thumbnail.label, module.thumbnail.color),
            benchmarks: await benchmarkIds(payload, module.benchmarks),
          },
          overrideAccess: true,
        })
      }
      for (const [activityIndex, activity] of module.activities.entries()) {
        let activityDoc = await first(payload, 'activities', { and: [{ title: { equals: activity.title } }, { module: { equals: moduleDoc.id } }] })
        if (!activityDoc) {
          activityDoc = await payload.create({
            collection: 'activities',
            data: {
              ...(await activityData(payload, activity)),
              order: activityIndex + 1,
              module: moduleDoc.id,
              benchmarks: await benchmarkIds(payload, activity.benchmarks),
            },
            overrideAccess: true,
          })
        }
        if (activity.type === 'storyline') await installSamplePackage(payload, activityDoc, activity.storyline)
      }
    }
  }
  for (const page of pages) {
    if (await first(payload, 'pages', { slug: { equals: page.slug } })) continue
    await payload.create({
      collection: 'pages',
      data: { slug: page.slug, title: page.title, content: { template: 'default', markdown: page.markdown } },
      overrideAccess: true,
    })
  }
  for (const post of posts) {
    if (await first(payload, 'posts', { title: { equals: post.title } })) continue
    await payload.create({ collection: 'posts', data: { title: post.title, markdown: post.markdown }, overrideAccess: true })
  }
  for (const school of schools) {
    if (await first(payload, 'schools', { name: { equals: school.name } })) continue
    await payload.create({ collection: 'schools', data: school, overrideAccess: true })
  }
}

type Translated = 'topics' | 'modules' | 'activities'

/** Writes one document's translation, unless it has one already (an editor's wins over the seed's). */
const translate = async <S extends Translated>(
  payload: Payload,
  collection: S,
  doc: DataFromCollectionSlug<S> | null,
  locale: 'es' | 'ht',
  data: Partial<RequiredDataFromCollectionSlug<S>>,
) => {
  if (!doc || (Array.isArray(doc.translatedLocales) && doc.translatedLocales.includes(locale))) return
  await payload.update({ collection, id: doc.id, locale, data: data as never, overrideAccess: true })
}

/** An activity's labels in another language: its rows stay (they are shared), their text is this language's. */
const activityTranslation = (doc: Activity, translation: ActivityTranslation): Partial<Activity> => ({
  title: translation.title,
  ...(translation.markdown ? { markdown: translation.markdown } : {}),
  ...(translation.links ? { links: (doc.links ?? []).map((row, index) => ({ ...row, text: translation.links?.[index] ?? row.text })) } : {}),
  ...(translation.readings
    ? {
        readings: (doc.readings ?? []).map((row, index) => ({
          ...row,
          text: translation.readings?.[index]?.text ?? row.text,
          files: (row.files ?? []).map((file, fileIndex) => ({ ...file, text: translation.readings?.[index]?.files?.[fileIndex] ?? file.text })),
        })),
      }
    : {}),
})

/** The translated topics (seed/translations.ts), found by their English titles. */
const seedTranslations = async (payload: Payload) => {
  for (const [topicTitle, languages] of Object.entries(topicTranslations)) {
    const topic = await first(payload, 'topics', { title: { equals: topicTitle } })
    if (!topic) continue
    for (const locale of ['es', 'ht'] as const) {
      const translation = languages[locale]
      await translate(payload, 'topics', topic, locale, { title: translation.title, markdown: translation.markdown })
      for (const [moduleTitle, moduleTranslation] of Object.entries(translation.modules)) {
        const module = await first(payload, 'modules', { and: [{ title: { equals: moduleTitle } }, { topic: { equals: topic.id } }] })
        if (!module) continue
        const { activities, ...fields } = moduleTranslation
        await translate(payload, 'modules', module, locale, fields)
        for (const [activityTitle, activityTranslationOf] of Object.entries(activities)) {
          const activity = await first(payload, 'activities', { and: [{ title: { equals: activityTitle } }, { module: { equals: module.id } }] })
          if (activity) await translate(payload, 'activities', activity, locale, activityTranslation(activity, activityTranslationOf))
        }
      }
    }
  }
}

const demoCode = 'CIVICS-7A'

/** Called with each demo login just before its account is created, so a crash never loses a password. */
export type OnDemoLogin = (login: DemoLogin) => void

/** The demo accounts and their classroom, each created only when missing. */
export const seedDemoAccounts = async (payload: Payload, onLogin: OnDemoLogin = () => undefined): Promise<DemoLogin[]> => {
  const logins: DemoLogin[] = []
  const announce = (login: DemoLogin) => {
    onLogin(login)
    logins.push(login)
  }
  const prefs = { mode: 'day', size: false, theme: 'civics' } as const
  const editorEmail = 'editor@civics360.local'
  if (!(await first(payload, 'users', { email: { equals: editorEmail } }))) {
    const password = newPassword()
    announce({ role: 'Staff editor (every scope)', login: editorEmail, password })
    await payload.create({
      collection: 'users',
      data: {
        email: editorEmail,
        emailVerified: true,
        password,
        scopes: [...allScopes],
        ...prefs,
        attributes: { type: 'other', firstName: 'Erin', lastName: 'Editor', position: 'Content editor', completed: true },
      },
      overrideAccess: true,
    })
  }
  const teacherEmail = 'teacher@civics360.local'
  let teacher = await first(payload, 'users', { email: { equals: teacherEmail } })
  if (!teacher) {
    const password = newPassword()
    announce({ role: 'Teacher', login: teacherEmail, password })
    const school = await first(payload, 'schools', { user: { exists: false } })
    teacher = await payload.create({
      collection: 'users',
      data: {
        email: teacherEmail,
        emailVerified: true,
        password,
        ...prefs,
        attributes: {
          type: 'teacher',
          firstName: 'Tara',
          lastName: 'Teacher',
          position: 'Civics teacher',
          state: 'Florida',
          country: 'United States',
          school: school?.id,
          grades: ['Seventh'],
          subjects: ['Civics'],
          completed: true,
        },
      },
      overrideAccess: true,
    })
  }
  let classroom = await first(payload, 'classrooms', { code: { equals: demoCode } })
  if (!classroom) {
    classroom = await payload.create({ collection: 'classrooms', data: { name: 'Civics, period 3', code: demoCode, owner: teacher.id }, overrideAccess: true })
  }
  const studentName = 'demo-student'
  if (!(await first(payload, 'users', { username: { equals: studentName } }))) {
    const password = newPassword()
    announce({ role: `Student (classroom ${demoCode})`, login: studentName, password })
    await payload.create({
      collection: 'users',
      data: {
        username: studentName,
        password,
        ...prefs,
        attributes: { type: 'student', classroom: classroom.id, firstName: 'Sam', lastName: 'Student', completed: true },
      },
      overrideAccess: true,
    })
  }
  return logins
}

/**
 * Idempotent item by item: every record is looked up by its natural key (title, slug, email, code)
 * and only created when missing, so a second run changes nothing and a run cut short is completed
 * by the next. Returns the demo logins it created (none with `accounts: false`).
 */
export const seed = async (payload: Payload, onLogin: OnDemoLogin = () => undefined, { accounts = true } = {}): Promise<DemoLogin[]> => {
  await seedCountries(payload)
  await seedContent(payload)
  await seedTranslations(payload)
  return accounts ? seedDemoAccounts(payload, onLogin) : []
}

export const isEmptyDatabase = async (payload: Payload) =>
  (await payload.count({ collection: 'users', overrideAccess: true })).totalDocs === 0 &&
  (await payload.count({ collection: 'topics', overrideAccess: true })).totalDocs === 0
