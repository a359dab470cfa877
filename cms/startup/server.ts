/**
 * The server process's entry (`npm start`, scripts/serverCommand.mjs). Settings that would start a
 * site, just not the operator's, stop the start here, before the server's modules load
 * (cms/startup/operatorSettings.ts): a wrong setting is said at once, not after the seconds Payload
 * takes to load. So is a port already taken.
 */
import { contentPort, serverPort } from '../config/env'
import { invalidExtraPublicUrls } from '../http/origins'
import { databaseUrlProblem, secretProblem, uploadsDirProblem } from './operatorSettings'
import { portFreeOrStop, stopStarting } from './stopStarting'

for (const problem of [databaseUrlProblem(), secretProblem(), uploadsDirProblem()]) if (problem) stopStarting(problem)
if (contentPort() === serverPort())
  stopStarting(`CONTENT_PORT ${contentPort()} is the same as PORT: set CONTENT_PORT to a port of its own (the content origin, where Storyline packages play).`)
const invalid = invalidExtraPublicUrls()
if (invalid.length) stopStarting(`EXTRA_PUBLIC_URLS must list http(s) addresses separated by commas; not an address: ${invalid.join(', ')}`)

await portFreeOrStop(serverPort(), 'PORT')
await portFreeOrStop(contentPort(), 'CONTENT_PORT')

// Nothing else keeps the process running while the instance's modules load: on Node 20 the import
// was seen to end the process (exit 13, an unsettled top-level await) with nothing printed.
const loading = setInterval(() => {}, 60_000)
const { startInstance } = await import('./serve')
clearInterval(loading)
await startInstance()
