/**
 * A class of 30 opens the same Storyline package at once over one school link: 30 Chromium pages
 * (each its own browser profile, as 30 Chromebooks are) whose requests all go through one shared
 * line with a round trip (bench/sharedLink.ts, a proxy on loopback), open the package's
 * launch URL (the one `POST /api/activities/:id/open` hands out), then open it again. Prints the
 * bytes each student's page received (headers included, answers from the browser's cache count
 * nothing) for the first open and the reopen, and the class's median and slowest time from
 * navigation to the first slide (its scripts run, its pictures and fonts arrived).
 *
 * The line is a proxy rather than CDP's network emulation: the emulation throttles each page on
 * its own, held requests for seconds before sending them with 30 pages open, and paced answers from
 * the browser's own cache, none of which a school's line does.
 *
 * The package (real-sized, generated here in a Storyline-like layout, never a real export): the
 * player's scripts, its stylesheet, the course data, fonts, pictures and audio. Text compresses
 * about as minified scripts do; pictures, fonts and audio are random bytes, as compressed media are.
 *
 * A real server process on a fresh seeded SQLite database (tests/e2e/serverProcess.ts). To measure
 * another checkout's code (the "before" of docs/performance.md), copy this file there and run it
 * from that checkout.
 *   node --import tsx bench/package-class.ts [students, default 30] [link Mbit/s, default 20]
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core'

import { CHROMIUM_ARGS } from '../tests/e2e/browser'
import { startServerProcess } from '../tests/e2e/serverProcess'
import { buildZip } from '../tests/helpers/zips'
import { startSharedLink } from './sharedLink'

const students = Number(process.argv[2] ?? 30)
const linkMbit = Number(process.argv[3] ?? 20)
const linkBytesPerSecond = (linkMbit * 1_000_000) / 8
const KB = 1024
const MB = 1024 * KB

// A seeded generator, so every run (before and after) serves the same package.
let seed = 0x2f6e2b1
const random = () => {
  seed ^= seed << 13
  seed ^= seed >>> 17
  seed ^= seed << 5
  return (seed >>> 0) / 4294967296
}
const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$'
const vocabulary = Array.from({ length: 1200 }, () =>
  Array.from({ length: 2 + Math.floor(random() * 9) }, () => letters[Math.floor(random() * letters.length)]).join(''),
)
/** Frequent words far more often than rare ones, as identifiers in a player's code are. */
const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 4)]
const punctuation = ['.', '(', ')', '{', '}', ',', ';', '=', '&&', '||', '?', ':', '[', ']', '+', '!', '0', '1', 'return ', 'function(', 'var ']

/** Recurring runs of code (a player repeats its idioms), each a few words and signs. */
const idioms = Array.from({ length: 3000 }, () =>
  Array.from({ length: 6 }, () => (random() < 0.6 ? word() : punctuation[Math.floor(random() * punctuation.length)])).join(''),
)
const idiom = () => idioms[Math.floor(idioms.length * random() ** 2)]

/**
 * JavaScript of about `bytes` bytes that compresses about as a minified player does. The text is a
 * comment, cheap for the browser to read: 30 pages share this machine's two cores with the server,
 * and the bench measures the network, not the parsing of a real player.
 */
const script = (name: string, bytes: number) => {
  const parts: string[] = ['/*\n']
  let size = 0
  while (size < bytes) {
    let line = ''
    for (let i = 0; i < 12; i++) line += random() < 0.7 ? idiom() : word()
    parts.push(`${line}\n`)
    size += line.length + 1
  }
  parts.push(`*/\nwindow.${name} = true\n`)
  return parts.join('')
}
const stylesheet = (bytes: number) => {
  let css = ''
  while (css.length < bytes)
    css += `.${word()}-${word()}{${['color', 'margin', 'padding', 'width', 'left'][Math.floor(random() * 5)]}:${Math.floor(random() * 400)}px}\n`
  return css
}
const media = (bytes: number) => Buffer.from(Array.from({ length: bytes }, () => Math.floor(random() * 256)))

/**
 * A picture of about `bytes` bytes that decodes: a PNG of noise, stored uncompressed, as large as
 * a compressed photo of that size. (Bytes that are not a picture are dropped by Chromium once they
 * fail to decode, so a page would never download them whole.)
 */
const picture = (bytes: number) => {
  const width = 256
  const height = Math.ceil(bytes / (width * 3 + 1))
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), media(width * 3)])))
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(typed))
    return Buffer.concat([length, typed, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits per channel, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const fonts = ['open-sans', 'open-sans-bold', 'lato']
const firstSlidePictures = ['slide1-background.png', 'slide1-figure.png']
const storyHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bench course</title>
<link rel="stylesheet" href="html5/lib/stylesheets/desktop.min.css">
<script src="html5/lib/scripts/bootstrapper.min.js"></script>
</head><body><div id="preso">Loading…</div>
<script src="html5/lib/scripts/frame.desktop.min.js"></script>
<script src="html5/lib/scripts/slides.min.js"></script>
<script src="html5/data/js/data.js"></script>
<script>
(function () {
  var waits = ${JSON.stringify(firstSlidePictures)}.map(function (name) {
    return new Promise(function (done) { var image = new Image(); image.onload = done; image.onerror = function () { window.brokenPictures = (window.brokenPictures || 0) + 1; done() }; image.src = 'story_content/' + name })
  }).concat(${JSON.stringify(fonts)}.map(function (name) {
    return fetch('html5/lib/fonts/' + name + '.woff').then(function (answer) { return answer.arrayBuffer() })
  }))
  Promise.all(waits).then(function () {
    document.getElementById('preso').textContent = 'Slide 1'
    window.firstSlideAt = performance.now()
  })
})()
</script>
</body></html>
`

const benchPackage = () =>
  buildZip([
    { name: 'story.html', data: storyHtml },
    { name: 'meta.xml', data: `<?xml version="1.0"?><meta><project title="Bench course"/></meta>` },
    { name: 'html5/lib/scripts/bootstrapper.min.js', data: script('bootstrapper', 250 * KB) },
    { name: 'html5/lib/scripts/frame.desktop.min.js', data: script('frame', 2400 * KB) },
    { name: 'html5/lib/scripts/slides.min.js', data: script('slides', 900 * KB) },
    { name: 'html5/data/js/data.js', data: script('courseData', 1000 * KB) },
    { name: 'html5/lib/stylesheets/desktop.min.css', data: stylesheet(250 * KB) },
    ...fonts.map((name) => ({ name: `html5/lib/fonts/${name}.woff`, data: media(100 * KB), compress: false })),
    ...firstSlidePictures.map((name) => ({ name: `story_content/${name}`, data: picture(400 * KB), compress: false })),
    ...Array.from({ length: 8 }, (_, i) => ({ name: `story_content/slide${i + 2}.png`, data: picture(400 * KB), compress: false })),
    { name: 'story_content/narration.mp3', data: media(MB), compress: false },
  ])

const server = await startServerProcess({ name: 'package-class', timeoutMs: 900_000, env: { WARM_UP_LOGINS: '0', RATE_LIMIT_FACTOR: '100000' } })
let exitCode = 0
try {
  const password = /editor@civics360\.local\s+(\S+)/.exec(fs.readFileSync(path.join(server.dir, 'demo-logins.txt'), 'utf8'))?.[1]
  const login = await fetch(`${server.baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'editor@civics360.local', password }),
  })
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
  const modules = (await (await fetch(`${server.baseURL}/api/modules?limit=1&depth=0`)).json()) as { docs: { id: number }[] }
  const created = await fetch(`${server.baseURL}/api/activities`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ title: 'Bench course', type: 'storyline', markdown: 'Quiz.', module: modules.docs[0].id }),
  })
  const activityId = ((await created.json()) as { doc: { id: number } }).doc.id
  const zip = await benchPackage()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'bench-course.zip')
  const uploadStarted = performance.now()
  const uploaded = await fetch(`${server.baseURL}/api/activities/${activityId}/storyline`, { method: 'POST', headers: auth, body: form })
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`)
  const uploadSeconds = (performance.now() - uploadStarted) / 1000
  const opened = await fetch(`${server.baseURL}/api/activities/${activityId}/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: '{}',
  })
  const packageUrl = ((await opened.json()) as { launch: { packageUrl: string } }).launch.packageUrl
  console.log(`package: ${(zip.length / MB).toFixed(1)} MB zip, uploaded and installed in ${uploadSeconds.toFixed(1)} s; launch URL ${packageUrl}`)
  console.log(`${students} students sharing ${linkMbit} Mbit/s (${(linkBytesPerSecond / students / KB).toFixed(0)} KB/s each when all download)`)

  const link = await startSharedLink({ bytesPerSecond: linkBytesPerSecond, latencyMs: 20 })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      `--proxy-server=${link.proxy}`,
      // Chromium sends loopback addresses around a proxy unless told not to.
      '--proxy-bypass-list=<-loopback>',
    ],
  })

  /** One open on a new page of the student's profile: bytes received and ms to the first slide. */
  const openOnce = async (context: BrowserContext) => {
    const page: Page = await context.newPage()
    const cdp: CDPSession = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    let bytes = 0
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => (bytes += event.encodedDataLength))
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`))
    await page.goto(packageUrl, { waitUntil: 'commit', timeout: 1_500_000 })
    try {
      await page.waitForFunction(() => typeof (window as { firstSlideAt?: number }).firstSlideAt === 'number', undefined, { timeout: 1_500_000, polling: 500 })
    } catch (error) {
      const state = await page.evaluate(() => `${document.readyState}, ${performance.getEntriesByType('resource').length} resources`).catch(() => 'unknown')
      throw new Error(`no first slide (${state}; ${problems.join('; ') || 'no errors'})`, { cause: error })
    }
    const { ms, broken } = await page.evaluate(() => {
      const shown = window as unknown as { firstSlideAt: number; brokenPictures?: number }
      return { ms: shown.firstSlideAt, broken: shown.brokenPictures ?? 0 }
    })
    if (broken) throw new Error(`${broken} of the first slide's pictures did not load (${problems.join('; ') || 'no errors'})`)
    await page.close()
    return { bytes, ms }
  }

  const contexts = await Promise.all(Array.from({ length: students }, () => browser.newContext()))
  const first = await Promise.all(contexts.map(openOnce))
  const firstSent = link.sent()
  console.log(`first opens done; the line carried ${(firstSent / students / KB).toFixed(0)} KB per student`)
  const again = await Promise.all(contexts.map(openOnce))
  console.log(`reopens done; the line carried ${((link.sent() - firstSent) / students / KB).toFixed(0)} KB per student`)
  await browser.close()
  await link.close()

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const report = (label: string, runs: { bytes: number; ms: number }[]) =>
    console.log(
      `${label.padEnd(11)} bytes per student: median ${(median(runs.map((r) => r.bytes)) / KB).toFixed(0)} KB (min ${(Math.min(...runs.map((r) => r.bytes)) / KB).toFixed(0)}, max ${(Math.max(...runs.map((r) => r.bytes)) / KB).toFixed(0)}); first slide: median ${(median(runs.map((r) => r.ms)) / 1000).toFixed(1)} s, slowest ${(Math.max(...runs.map((r) => r.ms)) / 1000).toFixed(1)} s`,
    )
  report('first open', first)
  report('reopen', again)
} catch (error) {
  console.error(error)
  exitCode = 1
} finally {
  await server.stop()
}
process.exit(exitCode)
