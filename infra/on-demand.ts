/**
 * A package loaded where it is first used instead of at start (docs/operations.md, "Start-up"): PDFs, pictures, SMTP,
 * NATS, Redis and readable logs are needed by some processes only, and each costs a tenth to a fifth of a second of a
 * server's start under tsx. `require` keeps what it loaded, so later calls are a look-up.
 * services/start-up-imports.test.ts fails when one of these packages is imported statically again.
 */
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/** `onDemand<typeof import('nats')>('nats')`: a function that loads the package on its first call. */
export function onDemand<T>(name: string): () => T {
  return () => requireHere(name) as T;
}
