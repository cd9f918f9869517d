/**
 * Password hashing: scrypt N=2^17, r=8, p=1 (128 MiB per hash, ~0.4 s: deliberately slow for an attacker holding
 * the hashes). Stored self-describing (`scrypt$N=..,r=..,p=..$salt$hash`) so the cost can be raised later while old
 * hashes still verify. Runs on libuv's thread pool (async), never on the event loop.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const MAX_MEM = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: MAX_MEM };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return `scrypt$N=${PARAMS.N},r=${PARAMS.r},p=${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Spends the same time as a real check, so "no such account" cannot be told apart by timing. */
let dummy: Promise<string> | null = null;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(12).toString('base64url'));
  await verifyPassword(password, await dummy);
  return false;
}

function parse(stored: string): { params: { N: number; r: number; p: number }; salt: Buffer; key: Buffer } | null {
  const m = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!m) return null;
  const params = { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  if (params.N > 2 ** 20 || params.r > 32 || params.p > 4) return null;
  return { params, salt: Buffer.from(m[4], 'base64url'), key: Buffer.from(m[5], 'base64url') };
}
