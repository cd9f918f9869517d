/**
 * Password hashing with node:crypto scrypt, stored self-describing (`scrypt$N=..,r=..,p=..$salt$hash`) so the cost
 * can change while old hashes still verify (and are rehashed at the next good login: `needsRehash`).
 * The parameters and the measurement behind them: docs/accounts.md, "Password hashing". These functions hash
 * straight away on libuv's thread pool; request paths go through `PasswordWork` (password-work.ts), which bounds how
 * many run at once. Only scripts, seeds and tests call these directly.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams { N: number; r: number; p: number }

/** OWASP's N=2^15, r=8, p=3 (32 MiB a hash): chosen from `npm run bench:passwords`, see docs/accounts.md. */
export const CURRENT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/** scrypt needs 128 * N * r bytes; twice that leaves room and refuses anything absurd. */
const maxmem = (params: ScryptParams) => 2 * 128 * params.N * params.r + 1024 * 1024;

export function derive(password: string, salt: Buffer, params: ScryptParams, keyLength = KEY_LENGTH): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: maxmem(params) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export function formatHash(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function hashPassword(password: string, params: ScryptParams = CURRENT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  return formatHash(params, salt, await derive(password, salt, params));
}

export interface Verified {
  ok: boolean;
  /** The password was right but the hash was made with other parameters: store a fresh one. */
  needsRehash: boolean;
}

export async function checkPassword(password: string, stored: string, current: ScryptParams = CURRENT_PARAMS): Promise<Verified> {
  const parsed = parseHash(stored);
  if (!parsed) return { ok: false, needsRehash: false };
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  const ok = timingSafeEqual(key, parsed.key);
  return { ok, needsRehash: ok && !sameParams(parsed.params, current) };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  return (await checkPassword(password, stored)).ok;
}

export function sameParams(a: ScryptParams, b: ScryptParams): boolean {
  return a.N === b.N && a.r === b.r && a.p === b.p;
}

export interface ParsedHash { params: ScryptParams; salt: Buffer; key: Buffer }

/** Null for anything that is not a hash this code could have written (or whose cost is beyond reason). */
export function parseHash(stored: string): ParsedHash | null {
  const m = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!m) return null;
  const params = { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  // N a power of two; the caps keep a tampered or corrupt event from asking for gigabytes or minutes.
  if (params.N < 2 || (params.N & (params.N - 1)) !== 0 || params.N > 2 ** 20 || params.r > 32 || params.p > 16) return null;
  const key = Buffer.from(m[5], 'base64url');
  if (key.length < 16 || key.length > 128) return null;
  return { params, salt: Buffer.from(m[4], 'base64url'), key };
}
