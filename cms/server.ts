import path from 'node:path'

import next from 'next'

import { createApp } from './app'
import { boot, config } from './boot'
import { createContentApp } from './content/app'
import { contentPort, contentUrl, publicUrl } from './env'
import { rootDir } from './paths'

const port = Number(process.env.PORT || 3000)
const dev = process.env.NODE_ENV !== 'production'

const main = async () => {
  const payload = await boot()
  let nextHandler: ((req: any, res: any) => Promise<void>) | undefined
  if (process.env.DISABLE_ADMIN !== 'true') {
    const nextApp = next({ dev, dir: path.join(rootDir, 'cms'), port })
    await nextApp.prepare()
    const handle = nextApp.getRequestHandler()
    nextHandler = (req, res) => handle(req, res)
  }
  const app = createApp({ payload, config, next: nextHandler })
  const server = app.listen(port, () => {
    payload.logger.info(`Civics360 is serving ${publicUrl()} (${dev ? 'development' : 'production'}); admin at ${publicUrl()}/admin`)
  })
  // Storyline packages can be hundreds of MB on a school's upload link: allow 30 minutes a request.
  server.requestTimeout = 30 * 60 * 1000
  // The content origin: Storyline packages and their launcher (cms/content/app.ts).
  const content = createContentApp().listen(contentPort(), () => {
    payload.logger.info(`Storyline packages are served from ${contentUrl()} (port ${contentPort()})`)
  })
  content.on('error', (error) => {
    payload.logger.error({ err: error }, `The content origin could not listen on port ${contentPort()} (set CONTENT_PORT)`)
    process.exit(1)
  })
  const stop = () => {
    content.close()
    server.close(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
