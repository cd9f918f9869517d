// The sign-in thread's entry (sign-in-thread.ts starts it). Worker threads do not get tsx's loader (which is why the
// hashing threads are plain JavaScript); this thread runs the app's own TypeScript (sign-in-steps.ts and what it
// uses), so it registers tsx's loader for itself first, then loads its code.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
