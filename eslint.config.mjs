// ESLint: correctness rules (typescript-eslint, React hooks) and the import boundaries of
// docs/architecture.md. Formatting is Prettier's job (`prettier --check` in `npm run lint`).
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Folders of web/src that are features: screens and their data, never importing one another. */
const features = ['account', 'assignments', 'auth', 'classrooms', 'console', 'content', 'help', 'profile']

/** What the server composes; collections, access rules and fields are parts of it, never the other way round. */
const serverAppModules = [
  '**/cms/expressApp',
  '**/cms/server',
  '**/cms/httpServer',
  '**/cms/boot',
  '**/cms/payload.config',
  '**/cms/payloadHandler',
  '**/cms/app/**',
  '**/cms/content/**',
  '**/cms/oauth/routes',
  '**/seed/**',
]

const restrict = (...patterns) => ['error', { patterns }]

/** The web app never imports server code: only common/ and, type-only, the generated Payload types. */
const webNeverImportsServer = [
  {
    group: ['**/cms/payload-types'],
    allowTypeImports: true,
    message: 'The web app imports the generated Payload types as types only (import type …).',
  },
  {
    group: [
      '**/cms/**',
      '!**/cms/payload-types',
      '**/collections/**',
      '**/access/**',
      '**/fields/**',
      '**/endpoints/**',
      '**/seed/**',
      'payload',
      'payload/*',
      '@payloadcms/*',
    ],
    message: 'The web app never imports server code; shared constants and rules live in common/.',
  },
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'web/dist/**',
      'cms/.next/**',
      'cms/payload-types.ts',
      'cms/migrations/**',
      'cms/app/(payload)/admin/importMap.js',
      'cms/content/launcher.js',
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
    files: ['cms/content/storage-shim.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-restricted-imports': restrict(...webNeverImportsServer),
    },
  },
  // Features never import one another; shared code lives in api/, session/, ui/ (and common/).
  // shell/ composes the features; tests may render the whole app.
  ...features.map((feature) => ({
    files: [`web/src/${feature}/**/*.{ts,tsx}`],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(...webNeverImportsServer, {
        group: [...features.filter((other) => other !== feature).map((other) => `../${other}/*`), '../shell/*'],
        message: `Features never import one another: move what ${feature}/ shares into api/, session/ or ui/.`,
      }),
    },
  })),
  // common/ is imported by both sides, so it imports neither.
  {
    files: ['common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({
        group: ['**/cms/**', '**/collections/**', '**/access/**', '**/fields/**', '**/endpoints/**', '**/web/**', 'payload', 'payload/*', '@payloadcms/*'],
        message: 'common/ holds constants and rules both sides import; it depends on nothing of either.',
      }),
    },
  },
  // Collections (with their endpoints and hooks), access rules, field factories and shared endpoints are parts the
  // server composes; they may import server libraries (cms/http, cms/email, cms/attempts …), never the server app.
  {
    files: ['collections/**/*.ts', 'access/**/*.ts', 'fields/**/*.ts', 'endpoints/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({
        group: [...serverAppModules, '**/web/**'],
        message:
          'Collections, their endpoints, access rules and fields never import the server app (cms/expressApp, server, payload.config, Next app) or the web app.',
      }),
    },
  },
)
