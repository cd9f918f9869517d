/**
 * Password hashes, stored self-describing so the cost can change while old hashes still verify (and are rehashed at
 * the next good login: `needsRehash`):
 * - argon2id in the PHC string format (`$argon2id$v=19$m=..,t=..,p=..$salt$hash`), the current choice;
 * - scrypt (`scrypt$N=..,r=..,p=..$salt$hash`), what the house wrote before; still verified, upgraded on login.
 * The parameters and the measurement behind them: docs/accounts.md, "Password hashing". The slow primitives run on
 * libuv's pool by default; request paths go through `PasswordWork` (password-work.ts), which bounds how many wait and
 * hands the primitives to its own low-priority threads (hashing/hash-threads.ts). Only scripts, seeds and tests hash
 * here directly.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argonHash, verify as argonVerify, type Options as ArgonOptions } from '@node-rs/argon2';

interface ScryptParams { algorithm: 'scrypt'; N: number; r: number; p: number }
/** m: memory in KiB, t: passes, p: lanes. */
interface Argon2Params { algorithm: 'argon2id'; m: number; t: number; p: number }
export type HashParams = ScryptParams | Argon2Params;

/**
 * ASVS 5.0 / OWASP's argon2id minimum (19 MiB, t=2, p=1): about 18 ms of CPU here against 358 ms for the scrypt set
 * it replaces (`npm run bench:passwords`), so a flood costs a twentieth of the CPU and a good login waits far less.
 */
export const CURRENT_PARAMS: Argon2Params = { algorithm: 'argon2id', m: 19_456, t: 2, p: 1 };
const KEY_LENGTH = 64;
const ARGON_KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** scrypt needs 128 * N * r bytes; twice that leaves room and refuses anything absurd. */
const maxmem = (params: ScryptParams) => 2 * 128 * params.N * params.r + 1024 * 1024;
const scryptOptions = (params: ScryptParams): ScryptOptions => ({ N: params.N, r: params.r, p: params.p, maxmem: maxmem(params) });
/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;
const argonOptions = (params: Argon2Params, salt: Buffer): ArgonOptions => ({
  algorithm: ARGON2ID, memoryCost: params.m, timeCost: params.t, parallelism: params.p, outputLen: ARGON_KEY_LENGTH, salt,
});
/** Equal passwords hash equally however they were typed (composed or decomposed accents). */
const normal = (password: string) => password.normalize('NFKC');

/** The slow work itself, on whichever threads run it; the formats and decisions stay in this file. */
export interface Primitives {
  argon2Hash(password: string, options: ArgonOptions): Promise<string>;
  argon2Verify(stored: string, password: string): Promise<boolean>;
  scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer>;
}

/** On libuv's thread pool, at the process's priority. */
const poolPrimitives: Primitives = {
  argon2Hash: (password, options) => argonHash(password, options),
  argon2Verify: (stored, password) => argonVerify(stored, password),
  scrypt: (password, salt, keyLength, options) => new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  }),
};

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength = KEY_LENGTH, run: Primitives = poolPrimitives): Promise<Buffer> {
  return run.scrypt(normal(password), salt, keyLength, scryptOptions(params));
}

export function formatHash(params: HashParams, salt: Buffer, key: Buffer): string {
  const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
  if (params.algorithm === 'argon2id') return `$argon2id$v=19$m=${params.m},t=${params.t},p=${params.p}$${b64(salt)}$${b64(key)}`;
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function hashPassword(password: string, params: HashParams = CURRENT_PARAMS, run: Primitives = poolPrimitives): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  if (params.algorithm === 'argon2id') return run.argon2Hash(normal(password), argonOptions(params, salt));
  return formatHash(params, salt, await derive(password, salt, params, KEY_LENGTH, run));
}

export interface Verified {
  ok: boolean;
  /** The password was right but the hash was made with other parameters: store a fresh one. */
  needsRehash: boolean;
}

const NOT_OURS: Verified = { ok: false, needsRehash: false };
const verified = (ok: boolean, parsed: ParsedHash, current: HashParams): Verified => ({ ok, needsRehash: ok && !sameParams(parsed.params, current) });

export async function checkPassword(password: string, stored: string, current: HashParams = CURRENT_PARAMS, run: Primitives = poolPrimitives): Promise<Verified> {
  const parsed = parseHash(stored);
  if (!parsed) return NOT_OURS;
  if (parsed.params.algorithm === 'argon2id') return verified(await run.argon2Verify(stored, normal(password)), parsed, current);
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length, run);
  return verified(timingSafeEqual(key, parsed.key), parsed, current);
}

function sameParams(a: HashParams, b: HashParams): boolean {
  if (a.algorithm === 'argon2id' && b.algorithm === 'argon2id') return a.m === b.m && a.t === b.t && a.p === b.p;
  if (a.algorithm === 'scrypt' && b.algorithm === 'scrypt') return a.N === b.N && a.r === b.r && a.p === b.p;
  return false;
}

interface ParsedHash { params: HashParams; salt: Buffer; key: Buffer }

/** Null for anything that is not a hash this code could have written (or whose cost is beyond reason). */
export function parseHash(stored: string): ParsedHash | null {
  return stored.startsWith('$argon2id$') ? parseArgon2(stored) : parseScrypt(stored);
}

function parseArgon2(stored: string): ParsedHash | null {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (!m) return null;
  const params: Argon2Params = { algorithm: 'argon2id', m: Number(m[1]), t: Number(m[2]), p: Number(m[3]) };
  // The caps keep a tampered or corrupt event from asking for gigabytes or minutes.
  if (params.m < 8 * params.p || params.m > 256 * 1024 || params.t < 1 || params.t > 10 || params.p < 1 || params.p > 8) return null;
  return checkedKey(params, Buffer.from(m[4], 'base64'), Buffer.from(m[5], 'base64'));
}

function parseScrypt(stored: string): ParsedHash | null {
  const m = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!m) return null;
  const params: ScryptParams = { algorithm: 'scrypt', N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  // N a power of two; the caps keep a tampered or corrupt event from asking for gigabytes or minutes.
  if (params.N < 2 || (params.N & (params.N - 1)) !== 0 || params.N > 2 ** 20 || params.r > 32 || params.p > 16) return null;
  return checkedKey(params, Buffer.from(m[4], 'base64url'), Buffer.from(m[5], 'base64url'));
}

function checkedKey(params: HashParams, salt: Buffer, key: Buffer): ParsedHash | null {
  if (key.length < 16 || key.length > 128 || salt.length < 8) return null;
  return { params, salt, key };
}
