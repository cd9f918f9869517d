// The projections thread's entry (projections-thread.ts starts it). Worker threads do not get tsx's loader, so the
// thread registers it for itself, then loads the runner and the projections (TypeScript).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
