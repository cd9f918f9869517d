/**
 * Test users for any slice's API tests: a verified account made through the real account commands, signed in.
 *
 *   const buyer = await createTestUser(t, { feePaid: true });
 *   await t.app.inject({ method: 'POST', url: '/api/bids/', headers: bearer(buyer), payload: {...} });
 *
 * Password hashing is deliberately slow, so the hash of each distinct password is computed once per process
 * and reused (a hash with its salt is valid for any account). Still, keep the number of users per file small.
 */
import { randomBytes } from 'node:crypto';
import type { TestApp } from './harness';
import { createAccount } from '../accounts/create-account';
import { openSession } from '../accounts/sessions';
import { hashPassword } from '../accounts/passwords';

export const TEST_PASSWORD = 'Test!Pass123';

export interface TestUserOptions {
  staff?: boolean;
  /** The read-only auditor role. */
  auditor?: boolean;
  /** The one-off registration fee is recorded as paid (needed to bid). */
  feePaid?: boolean;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  /** Sign in with remember_me (30-day refresh token). */
  remember?: boolean;
}

export interface TestUser { id: string; email: string; password: string; access: string; refresh: string }

const hashes = new Map<string, Promise<string>>();

function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export async function createTestUser(t: TestApp, opts: TestUserOptions = {}): Promise<TestUser> {
  const email = (opts.email ?? `user-${randomBytes(5).toString('hex')}@whisky.test`).toLowerCase();
  const password = opts.password ?? TEST_PASSWORD;
  const created = await createAccount(t.ctx, {
    email,
    password_hash: await hashOnce(password),
    profile: {
      first_name: opts.firstName ?? 'Test', last_name: opts.lastName ?? 'User', phone_number: '07400 900123', birth_date: '1980-01-01',
    },
    verified: true,
    staff: opts.staff,
    auditor: opts.auditor,
    fee_paid: opts.feePaid,
    by: 'test',
  });
  const last = created.append.events[created.append.events.length - 1];
  await t.ctx.projections.waitFor({ transaction_id: last.transaction_id, position: last.position });
  const session = await openSession(t.ctx, { id: created.user_id, is_staff: opts.staff === true }, opts.remember === true);
  return { id: created.user_id, email, password, access: session.access, refresh: session.refresh };
}

/** `headers: bearer(user)` for app.inject. */
export function bearer(user: { access: string }): { authorization: string } {
  return { authorization: `Bearer ${user.access}` };
}
