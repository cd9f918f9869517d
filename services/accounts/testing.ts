/** Helpers for the accounts API tests (not a test file itself). */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../testing/harness';
import { TEST_PASSWORD, type TestUser } from '../testing/users';
import type { Profile } from '../../domain/accounts/events';
import { createAccount } from './create-account';
import { hashPassword } from './passwords';
import { openSession } from './sessions';

interface Caller { access: string }

export async function call(
  t: TestApp, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown,
  options: { user?: Caller | null; token?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  const token = options.token ?? options.user?.access;
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({
    method, url, headers,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

interface MailItem { to: string; subject: string; text: string; html: string; created_at: string }

export async function mailbox(t: TestApp, to?: string): Promise<MailItem[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox/${to ? `?to=${encodeURIComponent(to)}` : ''}` });
  return res.json();
}

/** The token of the newest email to `to` carrying `?name=TOKEN`. */
export async function tokenFromMail(t: TestApp, to: string, name: 'submit_token' | 'reset_token'): Promise<string> {
  for (const mail of await mailbox(t, to)) {
    const match = new RegExp(`[?&]${name}=([\\w-]+)`).exec(mail.text);
    if (match) return match[1];
  }
  throw new Error(`no email with ${name} to ${to}`);
}

export const STRONG_PASSWORD = 'Dram!Good2024';

export function registrationForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: 'new.bidder@whisky.test', password: STRONG_PASSWORD, password2: STRONG_PASSWORD, first_name: 'Isla',
    last_name: 'Mac-Donald', title: 'Ms', birth_date: '14/02/1990', phone_number: '+44 7400 900123',
    terms_agreement: true, vat_enabled: false, vat_number: '', company_name: '', ...overrides,
  };
}

/**
 * A verified, signed-in account made by a script-like path: email and password only, so its profile is not complete
 * (no names, phone or birth date) until the user fills it in. `profile` presets some of those fields.
 */
export async function createIncompleteUser(
  t: TestApp, email: string, profile: Partial<Pick<Profile, 'first_name' | 'last_name' | 'phone_number'>> = {},
): Promise<TestUser> {
  const created = await createAccount(t.ctx, { email, password_hash: await hashPassword(TEST_PASSWORD), profile, verified: true, by: 'test' });
  const last = created.append.events[created.append.events.length - 1];
  await t.ctx.projections.waitFor({ transaction_id: last.transaction_id, position: last.position });
  const session = await openSession(t.ctx, { id: created.user_id, is_staff: false }, false);
  return { id: created.user_id, email, password: TEST_PASSWORD, access: session.access, refresh: session.refresh };
}
