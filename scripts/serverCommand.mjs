// How the server process is started: by `npm start` and `npm run serve` (scripts/start.mjs), and by
// the tests and benches (tests/e2e/serverProcess.ts), so that what is measured is what runs.
//
// --single-threaded-gc: V8 collects garbage on the JavaScript thread alone. Its default spreads a
// young-generation collection over helper threads and waits for all of them; on a school's two
// busy cores the helpers wait for a core, and the pause holds every request in flight. Measured in
// docs/decisions.md ("The servers collect garbage on their own thread", issue 12).
const serverNodeArgs = ['--single-threaded-gc']

/** The arguments after `node`: the flags, then the TypeScript server through tsx. */
export const serverArgs = (extraNodeArgs = []) => [...serverNodeArgs, ...extraNodeArgs, '--import', 'tsx', 'cms/server.ts']
