// How the server process is started: by `npm start` and `npm run serve` (scripts/start.mjs), and by
// the tests and benches (tests/e2e/serverProcess.ts), so that what is measured is what runs.
//
// No V8 flags: `--single-threaded-gc` (issue 12, eleventh stop) helped a class's load a little on
// Node 20; on Node 24 it made a server's first minute stall in full collections (public reads' p99
// 71-206 ms in 4 of 12 runs, against at most 9 ms in 6 without it). Measured in docs/decisions.md
// ("Node 24, brought by `npm ci`").

/** The arguments after `node`: any flags (a bench's profiler, say), then the TypeScript server through tsx. */
export const serverArgs = (extraNodeArgs = []) => [...extraNodeArgs, '--import', 'tsx', 'cms/server.ts']
