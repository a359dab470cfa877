// How the server process is started: by `npm start` and `npm run serve` (scripts/start.mjs), and by
// the tests and benches (tests/e2e/serverProcess.ts), so that what is measured is what runs.
//
// --single-threaded-gc: V8 collects garbage on the JavaScript thread alone. Its default spreads a
// young-generation collection over helper threads and waits for all of them; on a school's two
// busy cores (two instances, their password threads, PostgreSQL) the helpers wait for a core, and
// the pause holds every request in flight: up to 134 ms, 1.8 s of pauses in a short rush. Two
// instances on PostgreSQL, 200 students browsing for 20 s, five runs in turns: the worst
// endpoint's p99 218, 173, 457, 110, 164 ms with the flag, 330, 301, 166, 299, 179 ms without
// (docs/decisions.md, issue 12).
export const serverNodeArgs = ['--single-threaded-gc']

/** The arguments after `node`: the flags, then the TypeScript server through tsx. */
export const serverArgs = (extraNodeArgs = []) => [...serverNodeArgs, ...extraNodeArgs, '--import', 'tsx', 'cms/server.ts']
