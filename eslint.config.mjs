// ESLint: correctness rules (typescript-eslint, React hooks) and the import boundaries of
// docs/architecture.md. Formatting is Prettier's job (`prettier --check` in `npm run lint`).
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

import importBoundaries from './scripts/lint/importBoundaries.mjs'

/** Folders of web/src that are features: screens and their data, never importing one another. */
const features = ['account', 'assignments', 'auth', 'classrooms', 'console', 'content', 'help', 'profile']

/** What the server composes; collections, access rules and fields are parts of it, never the other way round. */
const serverApp = [
  'cms/payload.config',
  'cms/startup/**',
  'cms/http/expressApp',
  'cms/http/httpServer',
  'cms/http/payloadHandler',
  'cms/app/**',
  'cms/packages/content/**',
  'cms/auth/oauth/routes',
  'cms/auth/district/routes',
  'seed/**',
]
const serverCode = ['cms/**', 'collections/**', 'access/**', 'fields/**', 'endpoints/**', 'seed/**']
const payloadPackages = ['payload', '@payloadcms/*']

/** The rules of docs/architecture.md, checked on the path each import resolves to (scripts/lint/importBoundaries.mjs). */
const boundaries = [
  {
    from: 'web/**',
    forbid: serverCode,
    allowTypes: ['cms/payload-types'],
    packages: payloadPackages,
    message: 'The web app never imports server code (only common/, and cms/payload-types as `import type`)',
  },
  {
    from: 'web/src/{feature}/**',
    except: ['web/src/**/*.test.{ts,tsx}'],
    forbid: ['web/src/{other}/**', 'web/src/shell/**'],
    message: 'Features never import one another: move what {feature}/ shares into api/, session/ or ui/',
  },
  {
    from: 'common/**',
    forbid: [...serverCode, 'web/**'],
    packages: payloadPackages,
    message: 'common/ holds constants and rules both sides import; it depends on nothing of either',
  },
  {
    from: '{collections,access,fields,endpoints}/**',
    forbid: [...serverApp, 'web/**'],
    message: 'Collections, their endpoints, access rules and fields never import the server app or the web app',
  },
  {
    from: '**',
    except: ['cms/cache/**'],
    forbid: ['cms/cache/**'],
    allow: ['cms/cache', 'cms/cache/index'],
    message: 'The caches are one plugin: import what it offers from its index (@cms/cache), never its files',
  },
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'web/dist/**',
      'cms/.next/**',
      'cms/dist/**',
      'cms/payload-types.ts',
      'cms/database/migrations/**',
      'cms/app/(payload)/admin/importMap.js',
      'cms/packages/content/launcher.js',
      'seed/storyline/**',
      'data/**',
      'uploads/**',
      'tmp/**',
      'next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Payload's hook and request shapes are loosely typed; `any` stays allowed where a value is checked by hand.
      '@typescript-eslint/no-explicit-any': 'off',
      // The regexes it flags deliberately find control characters, to refuse them (paths, file names).
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Runs in the pages of Storyline packages, unbuilt (ES5, browser globals).
    files: ['cms/packages/content/storage-shim.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Features never import one another; shared code lives in api/, session/, ui/ (and common/).
  // shell/ composes the features; tests may render the whole app.
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { local: importBoundaries },
    rules: { 'local/import-boundaries': ['error', { boundaries, features }] },
  },
)
