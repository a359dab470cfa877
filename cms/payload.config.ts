import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { buildConfig, type Config, ValidationError } from 'payload'
import sharp from 'sharp'

import { Activities } from '../collections/Activities'
import { Assignments } from '../collections/Assignments'
import { Attempts } from '../collections/Attempts'
import { Classrooms } from '../collections/Classrooms'
import { RosterImports } from '../collections/RosterImports'
import { Countries } from '../collections/Countries'
import { IdentityProviders } from '../collections/IdentityProviders'
import { Media } from '../collections/Media'
import { Modules } from '../collections/Modules'
import { Benchmarks } from '../collections/Benchmarks'
import { Pages } from '../collections/Pages'
import { Posts } from '../collections/Posts'
import { Schools } from '../collections/Schools'
import { Tickets } from '../collections/Tickets'
import { BlockedRequests } from '../collections/BlockedRequests'
import { Topics } from '../collections/Topics'
import { Users } from '../collections/Users'
import { AuditLog } from '../collections/AuditLog'
import { retentionTask } from '../collections/AuditLog/retention'
import { emailVerificationEndpoints } from '../collections/Users/emailVerification'
import { badInputAnswer, guardEveryCollection } from './http/badInput'
import { databaseAdapter } from './database/db'
import { databaseBusyAnswer } from './database/databaseErrors'
import { emailAdapter } from './auth/email'
import { authEndpoints } from '../collections/Users/endpoints/auth'
import { signup } from '../collections/Users/endpoints/signup'
import { xapiEndpoints } from '../collections/Attempts/endpoints/xapi'
import { cmi5Endpoints } from '../collections/Attempts/endpoints/cmi5'
import { editor } from '../fields/richtext'
import { refuseStaleSaves } from './http/editConflicts'
import { localization } from './config/localization'
import { staffOnlyDocumentLocks } from './database/lockedDocuments'
import { cachePlugin } from './cache'
import { cacheOptions } from './config/env'
import { payloadSecret } from './config/secret'
import { payloadCookiePrefix } from './auth/cookies'
import { objectStorage } from './database/fileStorage'
import { storageErrorAnswer } from './http/storageErrors'

const dirname = path.dirname(fileURLToPath(import.meta.url))

// Every collection gets the bad-input guard (cms/http/badInput/): malformed ids → 404, unusable `where` values → 400.
// Payload's document locks are for staff only (cms/database/lockedDocuments.ts).
export default staffOnlyDocumentLocks(
  guardEveryCollection(
    buildConfig({
      secret: payloadSecret(),
      admin: {
        user: Users.slug,
        meta: { titleSuffix: ' · Civics360 admin' },
        // No Gravatar: the admin must not call third parties with staff email hashes.
        avatar: 'default',
        importMap: { baseDir: dirname, importMapFile: path.resolve(dirname, 'app/(payload)/admin/importMap.js') },
      },
      collections: [
        Topics,
        Modules,
        Activities,
        Benchmarks,
        Pages,
        Posts,
        Media,
        Users,
        Schools,
        Classrooms,
        Tickets,
        Countries,
        Attempts,
        Assignments,
        IdentityProviders,
        BlockedRequests,
        RosterImports,
        AuditLog,
      ],
      editor,
      localization,
      db: databaseAdapter(),
      email: emailAdapter(),
      sharp,
      // CSRF is checked in front of Payload (cms/http/csrf.ts: double-submit token or same Origin), so Payload
      // accepts the session cookie from any client that passed it, curl included. No serverURL: URLs stay relative.
      csrf: [],
      // `payload-token`, or `__Host-payload-token` over https (cms/auth/cookies.ts).
      cookiePrefix: payloadCookiePrefix(),
      graphQL: { disable: true },
      // Lists (a topic's modules, their thumbnails) need one level; deeper nesting is opt-in with ?depth=.
      defaultDepth: 1,
      telemetry: false,
      // A person's mistake (400, 401, 403, 404, 409) is not a server error: log it quietly; nor is a client hanging up mid-upload.
      loggingLevels: {
        ClientAbortError: 'info',
        HttpError: 'debug',
        ValidationError: 'info',
        Forbidden: 'info',
        NotFound: 'info',
        AuthenticationError: 'info',
        LockedAuth: 'info',
        UnauthorizedError: 'info',
        QueryError: 'info',
        BadQueryValue: 'info',
        // An upload by URL that Payload could not fetch (cms/http/badInput/errors.ts answers it as a 400).
        FileRetrievalError: 'info',
      } as Config['loggingLevels'],
      // The retention purge (collections/AuditLog/retention.ts): queued by its schedule and run by the
      // instances' cron (started by cms/startup/server.ts once the instance is ready), never through the API.
      jobs: {
        tasks: [retentionTask],
        access: { run: () => false, queue: () => false, cancel: () => false },
        autoRun: [{ cron: process.env.RETENTION_RUN_CRON || '* * * * *', queue: 'retention', limit: 1, silent: true }],
        deleteJobOnComplete: true,
      },
      upload: { limits: { fileSize: 50 * 1024 * 1024 } },
      endpoints: [...authEndpoints, signup, ...emailVerificationEndpoints, ...xapiEndpoints, ...cmi5Endpoints],
      // A save made against an older version of a document is refused (cms/http/editConflicts.ts); the
      // caches come last, so their hooks see every other plugin's collections (cms/cache/index.ts).
      plugins: [...objectStorage(), refuseStaleSaves, cachePlugin(cacheOptions())],
      // Payload regenerates the types file in a process of its own at every start outside production;
      // tests start dozens of servers, each of which would load the whole config again and rewrite the
      // file in the source tree while other tests run. Types are regenerated by `npm run generate:types`.
      typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: process.env.NODE_ENV !== 'test' },
      hooks: {
        afterError: [
          badInputAnswer,
          storageErrorAnswer,
          ({ error, result }) => {
            // One message a person can act on: the field's own, and 409 when a unique value is taken.
            if (!(error instanceof ValidationError) || !result?.errors?.[0]) return
            const fieldErrors = (error.data?.errors ?? []) as { message: string; path: string }[]
            if (fieldErrors.length === 0) return
            const first = result.errors[0] as { message: string }
            first.message = fieldErrors[0].message
            // Payload says "unique" for a taken value and "already registered" for a taken login email.
            if (fieldErrors.every((e) => /unique|already registered/i.test(e.message))) {
              first.message = `That ${fieldErrors[0].path} is already taken.`
              return { response: result, status: 409 }
            }
            return { response: result }
          },
          databaseBusyAnswer,
        ],
      },
    }),
  ),
)
