import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { withPayload } from '@payloadcms/next/withPayload'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// Next reads .env files only from cms/; the project keeps its own at the root (never overriding
// variables that are already set).
for (const file of ['.env.local', '.env']) {
  try {
    process.loadEnvFile(path.join(root, file))
  } catch {
    // no such file
  }
}

// The test run (scripts/test.mjs) type-checks the whole project before it builds the admin, on a
// fresh clone nothing reads Turbopack's build cache again, and the admin's browser tests read
// neither minified code nor source maps: that build skips all four (the same pages, in more bytes).
const buildForTests = process.env.ADMIN_BUILD_FOR_TESTS === 'true'

/** @type {import('next').NextConfig} */
const nextConfig = {
  turbopack: { root },
  outputFileTracingRoot: root,
  typescript: { tsconfigPath: '../tsconfig.json', ignoreBuildErrors: buildForTests },
  experimental: {
    turbopackFileSystemCacheForBuild: !buildForTests,
    ...(buildForTests ? { turbopackMinify: false, turbopackSourceMaps: false } : {}),
  },
  poweredByHeader: false,
  // Payload's password hashing (patched to argon2id) loads a native module, which is required at run time, not bundled.
  serverExternalPackages: ['@node-rs/argon2'],
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
