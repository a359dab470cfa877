// How the server process is started: by `npm start` and `npm run serve` (scripts/start.mjs), and by
// the tests and benches (tests/e2e/serverProcess.ts), so that what is measured is what runs.
//
// No V8 flags: on Node 24 `--single-threaded-gc` stalls a server's public reads in its first
// minute, and a larger young generation makes fewer but longer pauses
// (docs/adr/node-24-from-npm-ci.md).

/** The arguments after `node`: any flags (a bench's profiler, say), then the TypeScript server through tsx. */
export const serverArgs = (extraNodeArgs = []) => [...extraNodeArgs, '--import', 'tsx', 'cms/startup/server.ts']
