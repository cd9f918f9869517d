/**
 * A package loaded where it is first used instead of at start (docs/operations.md, "Start-up"): PDFs, pictures, SMTP,
 * NATS, Redis and readable logs are needed by some processes only, and each costs a tenth to a fifth of a second of a
 * server's start under tsx. Each loader keeps what it loaded, so later calls (a picture per seeded lot) resolve nothing.
 * services/start-up-imports.test.ts fails when one of these packages is imported statically again.
 */
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/** `onDemand<typeof import('nats')>('nats')`: a function that loads the package on its first call and keeps it. */
export function onDemand<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(name) as T);
}
