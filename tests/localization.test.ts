import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { apiPaths } from '../common/apiPaths'
import { password } from './helpers/actors'
import { serverForFile } from './helpers/fileServer'

// Content in English, Spanish and Haitian Creole through Payload's ?locale=, the seeded
// translated topic, the account's language, and server messages in the reader's language.

const { server, actors } = serverForFile({ seed: true }, 300_000)

const topicId = async (title: string) =>
  (await server.payload.find({ collection: 'topics', where: { title: { equals: title } }, depth: 0, overrideAccess: true })).docs[0].id

describe('content in three languages', () => {
  it('serves the seeded Citizenship topic, its modules and activities in Spanish and Haitian Creole', async () => {
    const visitor = actors.anonymous()
    const id = await topicId('Citizenship')
    const es = await visitor.get(`/api/topics/${id}?depth=2&locale=es`)
    expect(es.status).toBe(200)
    expect(es.body.title).toBe('Ciudadanía')
    expect(es.body.content).toContain('¿Qué significa ser ciudadano?')
    expect(es.body.translatedLocales).toEqual(['es', 'ht'])
    expect(es.body.modules.docs.map((m: { title: string }) => m.title)).toEqual(['Cómo llegar a ser ciudadano', 'Derechos, deberes y responsabilidades'])
    const ht = await visitor.get(`/api/topics/${id}?locale=ht`)
    expect(ht.body.title).toBe('Sitwayènte')
    const en = await visitor.get(`/api/topics/${id}`)
    expect(en.body.title).toBe('Citizenship')

    const student = await actors.student((await actors.classroom(await actors.educator())).id)
    // Queries on a localized field compare that language's values, so find by the English title first.
    const activityId = async (title: string) => (await student.get(`/api/activities?where[title][equals]=${encodeURIComponent(title)}&depth=0`)).body.docs[0].id
    const links = (await student.get(`/api/activities/${await activityId('Citizenship Resources')}?locale=es&depth=0`)).body
    expect(links.title).toBe('Recursos sobre la ciudadanía')
    expect(links.links.map((link: { text: string; path: string }) => [link.text, link.path])).toEqual([
      ['Centro de Recursos de Ciudadanía de USCIS', 'https://www.uscis.gov/citizenship'],
      ['USA.gov: la guía oficial de información del gobierno', 'https://www.usa.gov/'],
    ])
    const oath = (await student.get(`/api/activities/${await activityId('The Oath of Allegiance')}?locale=ht&depth=1`)).body
    expect(oath.readings[0].text).toBe('Sèman Fidelite natiralizasyon an bay Etazini Damerik')
    expect(oath.readings[0].files[0].text).toBe('Sèman Fidelite (tèks an angle)')
    expect(oath.readings[0].files[0].file.url).toBeTruthy()
  })

  it("a module's page read carries each reading's file (address, name, type) in every language, and the file opens for a student", async () => {
    const student = await actors.student((await actors.classroom(await actors.educator())).id)
    const moduleId = (await server.payload.find({ collection: 'modules', where: { title: { equals: 'Becoming a Citizen' } }, depth: 0, overrideAccess: true }))
      .docs[0].id
    const fileTexts = { en: 'Oath of Allegiance (text)', es: 'Juramento de Lealtad (texto en inglés)', ht: 'Sèman Fidelite (tèks an angle)' }
    for (const [locale, text] of Object.entries(fileTexts)) {
      // The module page's own address (common/apiPaths.ts), in the page's language.
      const read = await student.get(`${apiPaths.module(moduleId)}${locale === 'en' ? '' : `&locale=${locale}`}`)
      expect(read.status).toBe(200)
      const files = read.body.activities.docs.flatMap((activity: any) => (activity.readings ?? []).flatMap((reading: any) => reading.files ?? []))
      expect(files.map((entry: any) => [entry.text, entry.file?.filename, entry.file?.mimeType])).toEqual([[text, 'oath-of-allegiance.txt', 'text/plain']])
      // An activity inside its module keeps the module as an id, not a second copy of the page.
      expect(read.body.activities.docs.every((activity: any) => typeof activity.module !== 'object')).toBe(true)
      const file = await student.get(files[0].file.url)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(file.body).toContain('I hereby declare, on oath')
    }
    // Read by itself, an activity still shows its module (the console's lists).
    const activity = (await student.get(`/api/activities?where[module][equals]=${moduleId}&depth=1&limit=1`)).body.docs[0]
    expect(activity.module).toMatchObject({ id: moduleId, title: 'Becoming a Citizen' })
  })

  it('falls back to English, and says which languages a topic has, where there is no translation', async () => {
    const res = await actors.anonymous().get(`/api/topics/${await topicId('The Constitution')}?locale=es`)
    expect(res.body.title).toBe('The Constitution')
    expect(res.body.content).toContain('<')
    expect(res.body.translatedLocales ?? []).not.toContain('es')
  })

  it("keeps an image's description per language, falling back to English, and the seeded thumbnails carry no English words", async () => {
    const data = Buffer.from('a plain text stand-in for an image')
    const media = await server.payload.create({
      collection: 'media',
      data: { alt: 'A map of the thirteen colonies' },
      file: { data, mimetype: 'text/plain', name: 'colonies-map.txt', size: data.length },
      overrideAccess: true,
    })
    const editor = await actors.staff('topics:write')
    const saved = await editor.patch(`/api/media/${media.id}?locale=es`, { alt: 'Un mapa de las trece colonias' })
    expect(saved.status).toBe(200)
    const visitor = actors.anonymous()
    expect((await visitor.get(`/api/media/${media.id}?locale=es`)).body.alt).toBe('Un mapa de las trece colonias')
    expect((await visitor.get(`/api/media/${media.id}?locale=ht`)).body.alt).toBe('A map of the thirteen colonies')
    expect((await visitor.get(`/api/media/${media.id}`)).body.alt).toBe('A map of the thirteen colonies')

    // The seeded topic pictures are shapes only: decorative beside the title, so no description to translate.
    const topic = (await visitor.get(`/api/topics/${await topicId('Citizenship')}?locale=es&depth=1`)).body
    expect(topic.thumbnail.alt ?? '').toBe('')
  })

  it("saves an editor's Spanish title beside the English through PATCH and PUT, and refuses an empty English title", async () => {
    const editor = await actors.staff('topics:write')
    const id = await topicId('Government in Florida')
    const patched = await editor.patch(`/api/topics/${id}?locale=es`, { title: 'El gobierno de la Florida' })
    expect(patched.status).toBe(200)
    expect(patched.body.doc.translatedLocales).toEqual(['es'])
    const put = await editor.put(`/api/topics/${id}?locale=ht`, { title: 'Gouvènman Florid' })
    expect(put.status).toBe(200)
    const visitor = actors.anonymous()
    expect((await visitor.get(`/api/topics/${id}?locale=es`)).body.title).toBe('El gobierno de la Florida')
    expect((await visitor.get(`/api/topics/${id}?locale=ht`)).body.title).toBe('Gouvènman Florid')
    const english = (await visitor.get(`/api/topics/${id}`)).body
    expect(english.title).toBe('Government in Florida')
    expect(english.translatedLocales).toEqual(['es', 'ht'])
    // A Spanish title without a Spanish body: the body falls back to English.
    expect((await visitor.get(`/api/topics/${id}?locale=es`)).body.content).toBe(english.content)
    const blank = await editor.patch(`/api/topics/${id}`, { title: '' })
    expect(blank.status).toBe(400)
    expect((await visitor.get(`/api/topics/${id}`)).body.title).toBe('Government in Florida')
  })
})

describe("the account's language", () => {
  it('is saved with the theme settings, returned at login, and refused when unknown', async () => {
    const educator = await actors.educator()
    const saved = await educator.put(`/api/users/${educator.user.id}/theme`, { language: 'ht' })
    expect(saved.status).toBe(200)
    expect(saved.body.user.language).toBe('ht')
    const again = await actors.login(educator.user.email, password)
    expect(again.user.language).toBe('ht')
    const bad = await educator.put(`/api/users/${educator.user.id}/theme`, { language: 'fr' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].data.errors[0]).toEqual({ path: 'language', message: 'Language must be one of en, es, ht.' })
    const cleared = await educator.put(`/api/users/${educator.user.id}/theme`, { language: null })
    expect(cleared.body.user.language).toBeNull()
  })
})

describe('server messages', () => {
  it("answer in the reader's language (Accept-Language, which the SPA sets), and in English otherwise", async () => {
    const login = (language?: string) =>
      actors
        .anonymous()
        .request('POST', '/api/login', { username: 'nobody-here', password: 'wrong-password' }, { headers: language ? { 'accept-language': language } : {} })
    expect((await login()).body.errors[0].message).toBe('The username/email or password provided is incorrect.')
    expect((await login('es')).body.errors[0].message).toBe('El usuario, el correo electrónico o la contraseña no son correctos.')
    expect((await login('ht, en;q=0.5')).body.errors[0].message).toBe('Non itilizatè a, imèl la oswa modpas la pa kòrèk.')
    expect((await login('fr-FR, es;q=0.8')).body.errors[0].message).toBe('El usuario, el correo electrónico o la contraseña no son correctos.')
  })

  it('a student logging in or signing up with a field left empty reads why in Spanish or Haitian Creole', async () => {
    const anonymous = actors.anonymous()
    const post = (path: string, body: unknown, language: string) => anonymous.request('POST', path, body, { headers: { 'accept-language': language } })
    const login = await post('/api/login', { username: '', password: '' }, 'es')
    expect(login.status).toBe(400)
    expect(login.body.errors[0].message).toBe('Escribe tu usuario o tu correo electrónico.')
    expect(login.body.errors[0].data.errors).toEqual([
      { path: 'username', message: 'Escribe tu usuario o tu correo electrónico.' },
      { path: 'password', message: 'Escribe tu contraseña.' },
    ])
    const creole = await post('/api/login', { username: '   ', password: 'whatever-1' }, 'ht')
    expect(creole.body.errors[0].message).toBe('Ekri non itilizatè w oswa imèl ou.')
    const signup = await post(
      '/api/signup',
      { providers: [{ provider: 'username', username: '', password: 'long-enough-1' }], attributes: { type: 'student' } },
      'es',
    )
    expect(signup.status).toBe(400)
    expect(signup.body.errors[0].data.errors).toEqual([
      { path: 'username', message: 'Escribe un nombre de usuario.' },
      { path: 'attributes.classroom', message: 'Escribe el código de tu clase.' },
    ])
    const unknownClass = await post(
      '/api/signup',
      { providers: [{ provider: 'username', username: 'new-kid-42', password: 'long-enough-1' }], attributes: { classroom: 'NO-SUCH-CLASS' } },
      'ht',
    )
    expect(unknownClass.body.errors[0].message).toBe('Pa gen okenn klas ki gen kòd sa a.')
  })

  it('has translations only for messages the server really sends', () => {
    const sources = ['cms', 'collections', 'common', 'access']
      .flatMap((dir) =>
        fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name))
          .map((entry) => path.join(entry.parentPath, entry.name)),
      )
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n')
      .replace(/\$\{passwordRule\.min\}/g, '8')
      .replace(/\$\{passwordRule\.max\}/g, '128')
    const payloadOwn = fs.readFileSync('node_modules/@payloadcms/translations/dist/languages/en.js', 'utf8')
    const es = JSON.parse(fs.readFileSync('cms/http/messages/es.json', 'utf8'))
    const ht = JSON.parse(fs.readFileSync('cms/http/messages/ht.json', 'utf8'))
    expect(Object.keys(ht).sort()).toEqual(Object.keys(es).sort())
    for (const english of Object.keys(es)) expect(sources.includes(english) || payloadOwn.includes(english), english).toBe(true)
  })
})
