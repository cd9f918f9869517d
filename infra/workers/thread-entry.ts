/**
 * The file a worker thread starts from. Run from the source (tsx: tests, scripts), each thread has its entry beside
 * the code that starts it (`thread.mjs`, which registers tsx in the thread). Run from the server bundle (`npm start`,
 * scripts/server-build.ts), the entries are bundled too and sit beside the bundle as `<name>-thread.mjs`, loaded
 * without tsx.
 */
declare const __SERVER_BUNDLE__: boolean | undefined;

/** True inside the bundle: scripts/server-build.ts defines the constant; tsx leaves it undeclared. */
const inServerBundle = typeof __SERVER_BUNDLE__ !== 'undefined' && __SERVER_BUNDLE__;

export type ThreadName = 'sign-in' | 'projections' | 'hash';

export function threadEntry(name: ThreadName, besideSource: URL): URL {
  return inServerBundle ? new URL(`./${name}-thread.mjs`, import.meta.url) : besideSource;
}
