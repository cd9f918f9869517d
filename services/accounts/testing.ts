/** Helpers for the accounts API tests (not a test file itself). */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../testing/harness';

export interface Caller { access: string }

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

export interface MailItem { to: string; subject: string; text: string; html: string; created_at: string }

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
    last_name: 'Mac-Donald', title: 'Ms', birth_date: '14/02/1990', phone_number: '+44 7700 900123',
    terms_agreement: true, vat_enabled: false, vat_number: '', company_name: '', ...overrides,
  };
}
