/**
 * Failed-login throttling, kept in PostgreSQL so every server process agrees, and shaped so that an attacker cannot
 * turn it against the owner (docs/accounts.md, "Login throttling"):
 * - 5 failures in 15 minutes for one account from one address lock that account for that address only;
 * - 20 failures from one address lock the address, for every account;
 * - 50 failures at one account from anywhere (a guess spread over many addresses) lock it for every address that
 *   has never signed in to it; an address the owner signed in from in the last 90 days still gets in.
 * A locked login is refused even with the right password (otherwise guessing would simply go on). A successful login
 * clears its address's counter for the account and remembers the address; a password reset clears the account's.
 */
import { sql } from 'kysely';
import { Throttled } from '../../domain/shared/errors';
import { normaliseEmail } from '../../domain/accounts/events';
import { originOf, type Db } from '../../infra/db/database';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
const MAX_FAILURES_PER_ADDRESS = 20;
const MAX_FAILURES_PER_ACCOUNT = 50;
const KNOWN_FOR_MS = 90 * 24 * 3600 * 1000;

interface LoginSource { email: string; ip: string }

const accountKey = (email: string) => `account:${normaliseEmail(email)}`;
const pairPrefix = (email: string) => `account-address:${normaliseEmail(email)}\n`;
const pairKey = (s: LoginSource) => `${pairPrefix(s.email)}${s.ip}`;
const knownKey = (s: LoginSource) => `known:${normaliseEmail(s.email)}\n${s.ip}`;
const addressKey = (ip: string) => `address:${ip}`;

export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed login attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Throws Throttled (429 with Retry-After) while the account is locked for this address, or the address is. */
export async function assertLoginAllowed(db: Db, source: LoginSource, now: Date): Promise<void> {
  const waits = await Promise.all([
    lockedFor(db, pairKey(source), MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS, now),
    lockedFor(db, addressKey(source.ip), MAX_FAILURES_PER_ADDRESS, now),
    lockedInDatabase(db, accountKey(source.email), MAX_FAILURES_PER_ACCOUNT, now)
      .then(async (wait) => (wait > 0 && !(await isKnown(db, source, now)) ? wait : 0)),
  ]);
  const wait = Math.max(...waits);
  if (wait > 0) throw new Throttled(throttledMessage(wait), wait);
}

export async function recordLoginFailure(db: Db, source: LoginSource, now: Date): Promise<void> {
  const at = now.toISOString();
  const horizon = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const keys = [pairKey(source), accountKey(source.email), addressKey(source.ip)];
  await sql`DELETE FROM login_failures WHERE key = ANY(${keys}::text[]) AND failed_at <= ${horizon}`.execute(db);
  await sql`INSERT INTO login_failures (key, failed_at) SELECT k, ${at}::timestamptz FROM unnest(${keys}::text[]) AS k`.execute(db);
}

/** The right password from this address: its counter for the account is cleared and the address remembered. */
export async function recordLoginSuccess(db: Db, source: LoginSource, now: Date): Promise<void> {
  seenLocks(db).delete(pairKey(source));
  await sql`DELETE FROM login_failures WHERE key = ANY(${[pairKey(source), knownKey(source)]}::text[])`.execute(db);
  await sql`INSERT INTO login_failures (key, failed_at) VALUES (${knownKey(source)}, ${now.toISOString()})`.execute(db);
}

/** The owner proved the email (a password reset): every counter of the account is cleared. */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  const locks = seenLocks(db);
  for (const key of locks.keys()) if (key.startsWith(pairPrefix(email))) locks.delete(key);
  await sql`DELETE FROM login_failures WHERE key = ${accountKey(email)} OR starts_with(key, ${pairPrefix(email)})`.execute(db);
}

async function isKnown(db: Db, source: LoginSource, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - KNOWN_FOR_MS).toISOString();
  const { rows } = await sql`SELECT 1 FROM login_failures WHERE key = ${knownKey(source)} AND failed_at > ${since} LIMIT 1`.execute(db);
  return rows.length > 0;
}

/**
 * Locks already seen, per database handle (one per process, or per test app). A lock only ends when its time runs
 * out (a locked login is refused even with the right password, so nothing else lifts it); until then a flood from a
 * locked address or at a locked account is refused without a query.
 */
const locksByDb = new WeakMap<object, Map<string, number>>();
const forgetful = new WeakSet<object>();

/**
 * This handle remembers no lock and asks the database each time: the sign-in thread's (sign-in-thread/worker.ts),
 * whose memory a password reset on the main thread (clearAccountFailures) could not clear.
 */
export function keepNoLocks(db: Db): void {
  forgetful.add(db);
}

function seenLocks(handle: Db): Map<string, number> {
  // The sign-ins' own pool (ctx.signIn) and the main one share what they have seen: one memory per database.
  const db = originOf(handle);
  if (forgetful.has(db)) return new Map();
  let locks = locksByDb.get(db);
  if (!locks) {
    locks = new Map();
    locksByDb.set(db, locks);
  }
  return locks;
}

/** Seconds until the key drops below its limit again (0 when it is not locked). */
async function lockedFor(db: Db, key: string, limit: number, now: Date): Promise<number> {
  const locks = seenLocks(db);
  const until = locks.get(key);
  if (until !== undefined && until > now.getTime()) return Math.ceil((until - now.getTime()) / 1000);
  const wait = await lockedInDatabase(db, key, limit, now);
  if (wait > 0) {
    if (locks.size >= 100_000) locks.clear(); // bounded, whatever range of addresses a flood uses
    locks.set(key, now.getTime() + wait * 1000);
  }
  return wait;
}

async function lockedInDatabase(db: Db, key: string, limit: number, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  // The limit-th newest failure inside the window: while it is in the window, the key is at its limit.
  const { rows } = await sql<{ failed_at: Date }>`
    SELECT failed_at FROM login_failures WHERE key = ${key} AND failed_at > ${horizon}
    ORDER BY failed_at DESC OFFSET ${limit - 1} LIMIT 1`.execute(db);
  if (rows.length === 0) return 0;
  return Math.max(1, Math.ceil((rows[0].failed_at.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000));
}

/** Password reset emails: at most 3 per account per 15 minutes (more are silently not sent: no mail bombing). */
export async function allowResetEmail(db: Db, email: string, now: Date): Promise<boolean> {
  const key = `reset-email:${normaliseEmail(email)}`;
  if ((await lockedFor(db, key, 3, now)) > 0) return false;
  await sql`INSERT INTO login_failures (key, failed_at) VALUES (${key}, ${now.toISOString()})`.execute(db);
  return true;
}
