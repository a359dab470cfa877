import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { expectAccessible, expectNoPageErrors, freshPagePerTest, submitLogin, visible } from './browser'
import { demoEditor, demoStudent, logInAt } from './consoleHelpers'

// Issue 14: the interface and the content in English, Spanish and Haitian Creole.
let context: BrowserContext
let page: Page
freshPagePerTest((session) => ({ context, page } = session))

const htmlLang = (target: Page) => target.evaluate(() => document.documentElement.lang)
const switcher = (target: Page) => target.getByRole('banner').getByRole('combobox', { name: /^(Language|Idioma|Lang)$/ })

type Spoken = { text: string; lang: string }

/**
 * The browser's voices, stubbed: Debian's Chromium may have none at all. One Spanish voice, and
 * what is spoken is recorded (window.spoken) instead of played.
 */
const stubSpanishVoice = (target: BrowserContext) =>
  target.addInitScript(() => {
    const spoken: Spoken[] = []
    ;(window as unknown as { spoken: Spoken[] }).spoken = spoken
    const voices = [{ lang: 'es-ES', name: 'Spanish test voice', default: false, localService: true, voiceURI: 'es-test' }]
    Object.defineProperty(window.speechSynthesis, 'getVoices', { value: () => voices })
    Object.defineProperty(window.speechSynthesis, 'speak', {
      value: (utterance: SpeechSynthesisUtterance) => spoken.push({ text: utterance.text, lang: utterance.lang }),
    })
  })
const spokenIn = (target: Page) => target.evaluate(() => (window as unknown as { spoken: Spoken[] }).spoken)

/** Opens a topic from the topics list by its shown title. */
const openTopic = async (target: Page, title: string) => {
  await target.goto('/topics')
  await target.getByRole('link', { name: title, exact: true }).first().click()
  await visible(target.getByRole('heading', { level: 1, name: title }))
}

describe('languages', () => {
  it('a visitor switches to Spanish: home, a topic and the login screen are Spanish, lang="es", and the choice stays', async () => {
    await page.goto('/')
    await visible(page.getByRole('heading', { name: 'Learn how government works' }))
    expect(await htmlLang(page)).toBe('en')
    await switcher(page).selectOption('es')
    await visible(page.getByRole('heading', { name: 'Aprende cómo funciona el gobierno' }))
    expect(await htmlLang(page)).toBe('es')
    await visible(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }))
    await visible(page.getByRole('link', { name: 'Ciudadanía', exact: true }).first())
    await expectAccessible(page, 'home in Spanish')

    await openTopic(page, 'Ciudadanía')
    await visible(page.getByText('En este tema vas a:'))
    expect(await page.locator('.fallback-notice').count()).toBe(0)
    await visible(page.getByRole('link', { name: 'Cómo llegar a ser ciudadano' }))
    await expectAccessible(page, 'translated topic in Spanish')

    await page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }).click()
    await visible(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Civics360' }))
    await visible(page.getByLabel('Usuario o correo electrónico'))
    await visible(page.getByRole('button', { name: '¡Vamos!' }))
    expect(await htmlLang(page)).toBe('es')
    await expectAccessible(page, 'login in Spanish')

    // Remembered in this browser.
    await page.reload()
    await visible(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Civics360' }))
    expect(await htmlLang(page)).toBe('es')
    // A server message comes in Spanish too.
    await page.getByLabel('Usuario o correo electrónico').fill('nobody-at-all')
    await page.getByLabel(/^Contraseña/).fill('not-the-password')
    await page.getByRole('button', { name: '¡Vamos!' }).click()
    await visible(page.getByRole('alert').filter({ hasText: 'El usuario, el correo electrónico o la contraseña no son correctos.' }))
    expectNoPageErrors(context)
  })

  it('a topic without a Spanish translation shows its English with a notice, marked as English', async () => {
    await page.goto('/')
    await switcher(page).selectOption('es')
    await visible(page.getByRole('heading', { name: 'Aprende cómo funciona el gobierno' }))
    await openTopic(page, 'The Constitution')
    await visible(page.getByRole('note').filter({ hasText: 'Esto todavía no está traducido al español, por eso se muestra en inglés.' }))
    expect(await page.getByRole('heading', { level: 1, name: 'The Constitution' }).evaluate((heading) => heading.closest('[lang]')?.getAttribute('lang'))).toBe(
      'en',
    )
    await visible(page.getByRole('heading', { level: 2, name: 'Módulos' }))
    await expectAccessible(page, 'untranslated topic in Spanish')
    expectNoPageErrors(context)
  })

  it("a student's choice of Haitian Creole survives logging out and in", async () => {
    const student = demoStudent()
    await page.goto('/login')
    await submitLogin(page, student.login, student.password)
    await visible(page.getByRole('button', { name: 'Account menu' }))
    await switcher(page).selectOption('ht')
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sijè yo' }))
    expect(await htmlLang(page)).toBe('ht')
    await page.goto('/')
    await visible(page.getByRole('heading', { name: 'Aprann kijan gouvènman an mache' }))
    await expectAccessible(page, 'home in Haitian Creole')

    // The account menu speaks Haitian Creole too.
    await page.getByRole('button', { name: 'Meni kont lan' }).click()
    await page.getByRole('menuitem', { name: 'Dekonekte' }).click()
    await visible(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }))
    // Logged out, the page follows the browser's language (English here) again.
    expect(await htmlLang(page)).toBe('en')
    await page.goto('/login')
    await submitLogin(page, student.login, student.password)
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sijè yo' }))
    expect(await htmlLang(page)).toBe('ht')
    await openTopic(page, 'Sitwayènte')
    await expectAccessible(page, 'translated topic in Haitian Creole')
    // Put the demo student back as it was, for the other browser tests.
    await switcher(page).selectOption('en')
    await visible(page.getByRole('banner').getByRole('link', { name: 'Topics' }))
    expectNoPageErrors(context)
  })

  it('an editor saves a Spanish title in the console and a Spanish visitor sees it', async () => {
    const editor = demoEditor()
    await logInAt(page, editor.login, editor.password, '/console/topics')
    await page.getByRole('link', { name: 'Government in Florida' }).click()
    await visible(page.getByRole('heading', { level: 1, name: 'Edit Topic' }))
    await page.getByLabel('Content language').selectOption('es')
    // No Spanish yet: the fields are empty rather than the English to overwrite.
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('')
    await page.getByLabel(/^Title/).fill('El gobierno de la Florida')
    await page.getByLabel(/^Content \(markdown\)/).fill('## Nuestro estado\n\nCómo funciona el gobierno de la **Florida**.')
    await page.getByRole('button', { name: 'Save Topic' }).click()
    await visible(page.getByRole('status').filter({ hasText: 'Topic saved.' }))
    await expectAccessible(page, 'console editing Spanish')
    await page.getByLabel('Content language').selectOption('en')
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('Government in Florida')

    const visitor = await context.browser()!.newContext({ baseURL: new URL(page.url()).origin, locale: 'es-ES' })
    try {
      const spanish = await visitor.newPage()
      // No choice made: the browser's language (Spanish) is the first guess.
      await spanish.goto('/topics')
      await visible(spanish.getByRole('heading', { level: 1, name: 'Explorar temas' }))
      expect(await htmlLang(spanish)).toBe('es')
      await spanish.getByRole('link', { name: 'El gobierno de la Florida', exact: true }).first().click()
      await visible(spanish.getByRole('heading', { level: 1, name: 'El gobierno de la Florida' }))
      await visible(spanish.getByText('Cómo funciona el gobierno de la'))
    } finally {
      await visitor.close()
    }
    expectNoPageErrors(context)
  })

  it('Listen reads the text aloud in its language with a voice for it, and is hidden without one', async () => {
    await stubSpanishVoice(context)
    await page.goto('/')
    await switcher(page).selectOption('es')
    await openTopic(page, 'Ciudadanía')
    const listen = await visible(page.getByRole('button', { name: 'Escuchar' }))
    await listen.click()
    await visible(page.getByRole('button', { name: 'Pausa' }))
    const spoken = await spokenIn(page)
    expect(spoken).toHaveLength(1)
    expect(spoken[0].lang).toBe('es-ES')
    expect(spoken[0].text).toContain('¿Qué significa ser ciudadano?')
    await page.getByRole('button', { name: 'Detener' }).click()
    await visible(page.getByRole('button', { name: 'Escuchar' }))
    await expectAccessible(page, 'topic with Listen')

    // Haitian Creole: no voice in the list, so no button.
    await switcher(page).selectOption('ht')
    await visible(page.getByRole('heading', { level: 1, name: 'Sitwayènte' }))
    expect(await page.getByRole('button', { name: 'Koute' }).count()).toBe(0)
    expectNoPageErrors(context)
  })

  it("Listen on a module's readings and content panels reads each activity in its language; none on links, none without a voice", async () => {
    await stubSpanishVoice(context)
    const student = demoStudent()
    await logInAt(page, student.login, student.password)
    await switcher(page).selectOption('es')
    try {
      await openTopic(page, 'Ciudadanía')
      await page.getByRole('link', { name: 'Cómo llegar a ser ciudadano' }).first().click()
      await visible(page.getByRole('heading', { level: 1, name: 'Cómo llegar a ser ciudadano' }))
      const reading = await visible(page.getByRole('group', { name: 'Leer en voz alta El Juramento de Lealtad' }))
      await visible(page.getByRole('group', { name: 'Leer en voz alta El proceso de naturalización' }))
      // The module's own panel keeps its Listen; a list of links has none.
      await visible(page.getByRole('group', { name: 'Leer en voz alta', exact: true }))
      expect(await page.getByRole('group', { name: /Recursos sobre la ciudadanía/ }).count()).toBe(0)
      expect(await page.getByRole('heading', { level: 2, name: 'El Juramento de Lealtad' }).getAttribute('lang')).toBe('es')

      await reading.getByRole('button', { name: 'Escuchar' }).click()
      await visible(reading.getByRole('button', { name: 'Pausa' }))
      const spoken = await spokenIn(page)
      expect(spoken).toHaveLength(1)
      expect(spoken[0].lang).toBe('es-ES')
      // That reading's own text, and nothing of the other cards.
      expect(spoken[0].text).toContain('Los nuevos ciudadanos dicen estas palabras en su ceremonia de naturalización.')
      expect(spoken[0].text).toContain('Juramento de Lealtad de la naturalización a los Estados Unidos de América')
      expect(spoken[0].text).not.toContain('Pasos para la naturalización')
      expect(spoken[0].text).not.toContain('Tres caminos')
      await reading.getByRole('button', { name: 'Pausa' }).click()
      await visible(reading.getByRole('button', { name: 'Continuar' }))
      await expectAccessible(page, 'module with Listen on its activities, paused')
      // The keyboard reaches and works the buttons too.
      await reading.getByRole('button', { name: 'Continuar' }).focus()
      await page.keyboard.press('Enter')
      await visible(reading.getByRole('button', { name: 'Pausa' }))
      await reading.getByRole('button', { name: 'Detener' }).click()
      await visible(reading.getByRole('button', { name: 'Escuchar' }))

      // Haitian Creole: no voice for it, so no Listen anywhere on the page.
      await switcher(page).selectOption('ht')
      await visible(page.getByRole('heading', { level: 1, name: 'Kijan pou w vin sitwayen' }))
      await visible(page.getByRole('heading', { level: 2, name: 'Sèman Fidelite a' }))
      expect(await page.getByRole('button', { name: 'Koute' }).count()).toBe(0)
      await expectAccessible(page, 'module in Haitian Creole without a voice')
    } finally {
      // Put the demo student back as it was, for the other browser tests.
      await switcher(page).selectOption('en')
      await visible(page.getByRole('banner').getByRole('link', { name: 'Topics' }))
    }
    expectNoPageErrors(context)
  })
})
