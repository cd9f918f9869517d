/**
 * The sign-in thread (docs/accounts.md, "Sign-ins on their own thread"): trusted sign-ins' queries, password check,
 * records and new session, on this thread's own event loop and its own small pool, so none of their steps waits a
 * turn of the bid process's loop. It runs the same steps as the bid process (sign-in-steps.ts) and answers with
 * their outcome; the main thread keeps the in-memory bookkeeping and the prompt lane's budget.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { scryptSync } from 'node:crypto';
import { hashSync, verifySync } from '@node-rs/argon2';
import { createDb } from '../../../infra/db/database';
import { EventStore } from '../../../infra/event-store/event-store';
import { CommandHandler } from '../../../infra/commands/command-handler';
import { TokenService } from '../../../infra/auth/tokens';
import { checkPassword, hashPassword, type Primitives, type Verified } from '../passwords';
import { nothingToMatch } from '../password-work';
import { keepNoLocks } from '../throttle';
import { signInSteps, type SignInContext } from '../sign-in-steps';
import type { FromThread, SignInMessage, ThreadStart, ToThread } from './protocol';

const port = parentPort!;
const start = workerData as ThreadStart;
const db = createDb(start.databaseUrl, start.poolSize, start.silenceLimitMs ?? undefined);
// A password reset on the main thread clears its memory of locks, not this one's: this thread asks the database.
keepNoLocks(db);
const store = new EventStore(db);
const commands = new CommandHandler(store);

const post = (message: FromThread) => port.postMessage(message);

/** Hashes on this thread itself: it is a thread of its own already, at the event loop's priority (the prompt lane's). */
const here: Primitives = {
  argon2Hash: async (password, options) => hashSync(password, options),
  argon2Verify: async (stored, password) => verifySync(stored, password),
  scrypt: async (password, salt, keyLength, options) => scryptSync(password, salt, keyLength, options),
};

const log = {
  warn(fields: object, message?: string) {
    const plain = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v instanceof Error ? { message: v.message, stack: v.stack } : v]));
    post({ type: 'log', level: 'warn', fields: plain, message: message ?? '' });
  },
} as SignInContext['log'];

/** Checks waiting for the main thread's hashing queue, by sign-in id. */
const waiting = new Map<number, (result: Verified | 'unavailable') => void>();

function checkOnMainThread(id: number, stored: string | null): Promise<Verified | 'unavailable'> {
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    post({ type: 'check', id, stored });
  });
}

async function checkHere(password: string, stored: string | null): Promise<Verified> {
  if (stored !== null) return checkPassword(password, stored, start.params, here);
  await checkPassword(password, nothingToMatch(start.params), start.params, here);
  return { ok: false, needsRehash: false };
}

async function signIn(message: SignInMessage): Promise<void> {
  // Every step of this login reads the time the main thread started it (its clock may be a test's).
  const at = new Date(message.now);
  const clock = { now: () => new Date(at) };
  const ctx: SignInContext = {
    config: start.config, db, store, commands, clock, log,
    tokens: new TokenService(start.secret, clock.now),
    passwords: { hash: (password) => hashPassword(password, start.params, here) },
  };
  const request = { email: message.email, password: message.password, remember_me: message.remember_me, ip: message.ip, now: at };
  try {
    const outcome = await signInSteps(ctx, request, (stored) => (message.prompt ? checkHere(message.password, stored) : checkOnMainThread(message.id, stored)));
    post({ type: 'done', id: message.id, outcome });
  } catch (error) {
    post({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) });
  } finally {
    waiting.delete(message.id);
  }
}

port.on('message', (message: ToThread) => {
  if (message.type === 'sign-in') void signIn(message);
  else if (message.type === 'checked') waiting.get(message.id)?.(message.result);
  else if (message.type === 'close') void db.destroy().finally(() => post({ type: 'closed' }));
});

post({ type: 'ready' });
