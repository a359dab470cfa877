import type { Plugin } from 'vite'

/**
 * The app's stylesheet written into index.html instead of linked from it (issue 12). A linked
 * stylesheet blocks the first paint for one more round trip; and in headless Chromium, a page that
 * waits for it has its first frame held back a whole second or two in most Lighthouse runs of
 * `/login` (GoogleChrome/lighthouse#17148: 7 of 8 runs with the link, 0 of 8 with the styles in the
 * page, back to back). It is 14 KB, 3 KB compressed, and the page is compressed as it is served.
 * Route and theme stylesheets stay files, loaded with their chunks.
 */
export const inlineEntryStylesheet = (): Plugin => ({
  name: 'civics360:inline-entry-stylesheet',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, { bundle }) =>
      html.replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
        const asset = bundle?.[file]
        const css = asset?.type === 'asset' ? String(asset.source) : undefined
        return css === undefined || css.includes('</style') ? link : `<style>${css}</style>`
      }),
  },
})
