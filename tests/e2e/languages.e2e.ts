import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { findEnglish } from '../../scripts/i18nLiterals.mjs'
import { chooseLanguageSaved, expectAccessible, expectNoPageErrors, freshPagePerTest, languageSwitcher, submitLogin, visible } from './browser'
import { demoEditor, demoStudent, logInAt } from './consoleHelpers'

// The interface and the content in English, Spanish and Haitian Creole.
let context: BrowserContext
let page: Page
freshPagePerTest((session) => ({ context, page } = session))

const htmlLang = (target: Page) => target.evaluate(() => document.documentElement.lang)

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
/** The browser's voices, stubbed: one Haitian Creole voice, and what is spoken recorded (window.spoken). */
const stubCreoleVoice = (target: BrowserContext) =>
  target.addInitScript(() => {
    const spoken: Spoken[] = []
    ;(window as unknown as { spoken: Spoken[] }).spoken = spoken
    const voices = [{ lang: 'ht-HT', name: 'Creole test voice', default: false, localService: true, voiceURI: 'ht-test' }]
    Object.defineProperty(window.speechSynthesis, 'getVoices', { value: () => voices })
    Object.defineProperty(window.speechSynthesis, 'speak', {
      value: (utterance: SpeechSynthesisUtterance) => spoken.push({ text: utterance.text, lang: utterance.lang }),
    })
  })
const spokenIn = (target: Page) => target.evaluate(() => (window as unknown as { spoken: Spoken[] }).spoken)

/**
 * The rendered screen's words a reader meets (its text, and the alt, aria-label, title and
 * placeholder of its elements), leaving out what is marked as English content (lang="en").
 */
const shownTexts = (target: Page) =>
  target.evaluate(() => {
    const english = (element: Element | null) => (element?.closest('[lang]')?.getAttribute('lang') ?? '').startsWith('en')
    const texts: string[] = [document.title]
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('script, style, noscript') || english(parent)) continue
      if (node.textContent?.trim()) texts.push(node.textContent.trim())
    }
    for (const element of Array.from(document.body.querySelectorAll('[alt], [aria-label], [title], [placeholder]'))) {
      if (english(element)) continue
      for (const name of ['alt', 'aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim()
        if (value) texts.push(value)
      }
    }
    return texts
  })

/** Fails with the English interface words left on a screen shown in Spanish or Haitian Creole. */
const expectNoEnglish = async (target: Page, language: 'es' | 'ht', label: string) => {
  expect(findEnglish(await shownTexts(target), language), label).toEqual([])
}

const listenNames = (target: Page) =>
  target.locator('.listen-controls button[aria-label]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))

/**
 * A Listen button where the browser has no voice for the text's language: still found by its
 * name, marked unusable, described by the reason, and clicking it reads nothing.
 */
const expectListenExplainsNoVoice = async (target: Page, name: string) => {
  const button = await visible(target.getByRole('button', { name, exact: true }))
  expect(await button.getAttribute('aria-disabled')).toBe('true')
  const reason = await button.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '')
  expect(reason).toBe('Koute pa mache isit la: aparèy sa a pa gen okenn vwa ki pale kreyòl ayisyen.')
  await visible(target.getByText(reason).first())
  // Still reached by the keyboard (aria-disabled keeps it in the tab order), and pressing it reads nothing.
  const spokenBefore = (await target.evaluate(() => (window as unknown as { spoken?: unknown[] }).spoken)) ?? []
  await button.focus()
  expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)
  await target.keyboard.press('Enter')
  expect((await target.evaluate(() => (window as unknown as { spoken?: unknown[] }).spoken)) ?? []).toEqual(spokenBefore)
  await visible(target.getByRole('button', { name, exact: true }))
}

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
    await languageSwitcher(page).selectOption('es')
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
    await languageSwitcher(page).selectOption('es')
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
    await languageSwitcher(page).selectOption('ht')
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
    await languageSwitcher(page).selectOption('en')
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

  it('Listen reads the text aloud in its language with a voice for it, and says so without one', async () => {
    await stubSpanishVoice(context)
    await page.goto('/')
    await languageSwitcher(page).selectOption('es')
    await openTopic(page, 'Ciudadanía')
    const listen = await visible(page.getByRole('button', { name: 'Escuchar: Ciudadanía', exact: true }))
    await listen.click()
    await visible(page.getByRole('button', { name: 'Pausa' }))
    const spoken = await spokenIn(page)
    expect(spoken).toHaveLength(1)
    expect(spoken[0].lang).toBe('es-ES')
    expect(spoken[0].text).toContain('¿Qué significa ser ciudadano?')
    await page.getByRole('button', { name: 'Detener' }).click()
    await visible(page.getByRole('button', { name: 'Escuchar' }))
    await expectAccessible(page, 'topic with Listen')

    // Haitian Creole: no voice in the list, so the button says it cannot read, and reads nothing.
    await languageSwitcher(page).selectOption('ht')
    await visible(page.getByRole('heading', { level: 1, name: 'Sitwayènte' }))
    await expectListenExplainsNoVoice(page, 'Koute: Sitwayènte')
    await expectAccessible(page, 'topic in Haitian Creole without a voice')
    expectNoPageErrors(context)
  })

  it("Listen on a module's readings and content panels reads each activity in its language, named after it; none on links; explained without a voice", async () => {
    await stubSpanishVoice(context)
    const student = demoStudent()
    await logInAt(page, student.login, student.password)
    await chooseLanguageSaved(page, 'es')
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

      // Each Listen is named after what it reads.
      const names = await listenNames(page)
      expect(names).toEqual(
        expect.arrayContaining(['Escuchar: Cómo llegar a ser ciudadano', 'Escuchar: El Juramento de Lealtad', 'Escuchar: El proceso de naturalización']),
      )
      expect(new Set(names).size).toBe(names.length)

      // Haitian Creole: no voice for it, so every Listen on the page says why it cannot read.
      await languageSwitcher(page).selectOption('ht')
      await visible(page.getByRole('heading', { level: 1, name: 'Kijan pou w vin sitwayen' }))
      await visible(page.getByRole('heading', { level: 2, name: 'Sèman Fidelite a' }))
      await expectListenExplainsNoVoice(page, 'Koute: Sèman Fidelite a')
      await expectListenExplainsNoVoice(page, 'Koute: Kijan pou w vin sitwayen')
      await expectAccessible(page, 'module in Haitian Creole without a voice')
    } finally {
      // Put the demo student back as it was, for the other browser tests.
      await languageSwitcher(page).selectOption('en')
      await visible(page.getByRole('banner').getByRole('link', { name: 'Topics' }))
    }
    expectNoPageErrors(context)
  })

  it('a student who signs in in Spanish with an empty username reads why in Spanish, and no English is left on the screen', async () => {
    await page.goto('/login')
    await languageSwitcher(page).selectOption('es')
    await visible(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Civics360' }))
    await page.getByRole('button', { name: '¡Vamos!' }).click()
    await visible(page.getByRole('alert').filter({ hasText: 'Escribe tu usuario o tu correo electrónico.' }))
    expect(await page.getByText('Username or email is required.').count()).toBe(0)
    await expectNoEnglish(page, 'es', 'login in Spanish with its error')
    await expectAccessible(page, 'login error in Spanish')

    await languageSwitcher(page).selectOption('ht')
    await page.getByRole('button', { name: 'Ann ale!' }).click()
    await visible(page.getByRole('alert').filter({ hasText: 'Ekri non itilizatè w oswa imèl ou.' }))
    await expectNoEnglish(page, 'ht', 'login in Haitian Creole with its error')
    await expectAccessible(page, 'login error in Haitian Creole')
    expectNoPageErrors(context)
  })

  for (const [language, notice, home, topics, topicsTitle] of [
    ['ht', 'Gen kèk sijè ki poko tradui an kreyòl, se poutèt sa yo parèt an anglè.', 'Aprann kijan gouvènman an mache', 'Sijè yo', 'Dekouvri sijè yo'],
    [
      'es',
      'Algunos temas todavía no están traducidos al español, por eso se muestran en inglés.',
      'Aprende cómo funciona el gobierno',
      'Temas',
      'Explorar temas',
    ],
  ] as const) {
    it(`Home and Topics in ${language} say which topics are shown in English, and leave no English interface word`, async () => {
      await page.goto('/')
      await languageSwitcher(page).selectOption(language)
      await visible(page.getByRole('heading', { name: home }))
      await visible(page.getByRole('note').filter({ hasText: notice }))
      // The untranslated topic is marked as English; the translated one is not.
      const constitution = page.getByRole('link', { name: 'The Constitution', exact: true }).first()
      expect(await constitution.evaluate((link) => link.closest('[lang]')?.getAttribute('lang'))).toBe('en')
      await expectNoEnglish(page, language, `home in ${language}`)
      // The university is named as it names itself.
      await visible(page.getByRole('contentinfo').getByRole('link', { name: 'University of Central Florida' }))
      await expectAccessible(page, `home in ${language} with the notice`)

      await page.getByRole('banner').getByRole('link', { name: topics, exact: true }).click()
      // The page's own heading (a topic's content may hold headings of its own).
      await visible(page.getByRole('heading', { level: 1, name: topicsTitle }))
      await visible(page.getByRole('note').filter({ hasText: notice }))
      await expectNoEnglish(page, language, `topics in ${language}`)
      await expectAccessible(page, `topics in ${language} with the notice`)
      expectNoPageErrors(context)
    })
  }

  it('Listen on a Creole page reads in Creole where the browser has a Creole voice', async () => {
    await stubCreoleVoice(context)
    await page.goto('/')
    await languageSwitcher(page).selectOption('ht')
    await openTopic(page, 'Sitwayènte')
    const listen = await visible(page.getByRole('button', { name: 'Koute: Sitwayènte', exact: true }))
    expect(await listen.getAttribute('aria-disabled')).toBeNull()
    await listen.click()
    await visible(page.getByRole('button', { name: 'Pran yon poz' }))
    const spoken = await spokenIn(page)
    expect(spoken).toHaveLength(1)
    expect(spoken[0].lang).toBe('ht-HT')
    await expectNoEnglish(page, 'ht', 'topic in Haitian Creole with Listen')
    await expectAccessible(page, 'topic in Haitian Creole with a voice')
    expectNoPageErrors(context)
  })
})
