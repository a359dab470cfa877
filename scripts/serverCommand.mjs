// How the server process is started: by `npm start` and `npm run serve` (scripts/start.mjs), and by
// the tests and benches (tests/e2e/serverProcess.ts), so that what is measured is what runs.
//
// No V8 flags: on Node 24 `--single-threaded-gc` stalls a server's public reads in its first
// minute, and a larger young generation makes fewer but longer pauses
// (docs/adr/node-24-from-npm-ci.md). Source maps on, so a stack trace in the log names the
// TypeScript file and line rather than the bundle's (docs/adr/server-runs-from-a-bundle.md).

/**
 * The arguments after `node`: any flags (a bench's profiler, say), then the bundled server
 * (`scripts/buildServer.mjs` builds `cms/dist/` from `cms/startup/server.ts`).
 */
export const serverArgs = (extraNodeArgs = []) => [...extraNodeArgs, '--enable-source-maps', 'cms/dist/server.mjs']
