// How the server process is started: by `npm start` and `npm run serve` (scripts/start.mjs), and by
// the tests and benches (tests/e2e/serverProcess.ts), so that what is measured is what runs.
//
// No V8 flags: `--single-threaded-gc` (issue 12, eleventh stop) helped a class's load a little on
// Node 20; on Node 24 it stalled a server's public reads in its first minute. Measured in
// docs/decisions.md ("Node 24, brought by `npm ci`").

/** The arguments after `node`: any flags (a bench's profiler, say), then the TypeScript server through tsx. */
export const serverArgs = (extraNodeArgs = []) => [...extraNodeArgs, '--import', 'tsx', 'cms/startup/server.ts']
