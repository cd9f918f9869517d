/** Helpers for the payout API tests (not a test file itself). */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../testing/harness';
import type { TestUser } from '../testing/users';
import { runWalletCommand } from '../wallet/wallet-commands';
import { readMailbox } from '../../infra/mail/outbox';
import { openSession } from '../accounts/sessions';

export async function api(
  t: TestApp, method: 'GET' | 'POST' | 'PATCH', url: string, user: { access: string } | null, payload?: unknown, headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method, url,
    headers: { ...(user ? { authorization: `Bearer ${user.access}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The 6-digit code of the newest email with this subject to the user, read through GET /api/dev/mailbox/. */
export async function codeFromMail(t: TestApp, user: TestUser, subject: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox/?to=${encodeURIComponent(user.email)}` });
  const mail = (res.json() as { subject: string; text: string }[]).find((m) => m.subject === subject);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no "${subject}" email with a code to ${user.email}`);
  return code;
}

export async function mailCount(t: TestApp, user: TestUser, subject: string): Promise<number> {
  return (await readMailbox(t.ctx.db, { to: user.email })).filter((m) => m.subject === subject).length;
}

/** Credits the user's wallet (a staff adjustment) and waits until the wallet read model shows it. */
export async function fund(t: TestApp, user: TestUser, pence: number): Promise<void> {
  const outcome = await runWalletCommand(t.ctx, user.id, {
    type: 'CreditWallet', user_id: user.id, entry_id: randomUUID(), amount_pence: pence, kind: 'adjustment', description: 'Test credit',
    reference: null, by: 'test', reason: 'test funds', now: t.clock.now().toISOString(),
  });
  const last = outcome.append?.events.at(-1);
  if (last) await t.ctx.projections.waitFor({ transaction_id: last.transaction_id, position: last.position });
}

export async function wallet(t: TestApp, user: TestUser): Promise<{ balance: string; balance_incl_pending: string }> {
  const body = (await api(t, 'GET', '/api/user_wallet/', user)).json();
  return { balance: body.balance, balance_incl_pending: body.balance_incl_pending };
}

/** Asks for an access code and confirms it. */
export async function grantAccess(t: TestApp, user: TestUser): Promise<void> {
  const sent = await api(t, 'POST', '/api/send_code/', user);
  if (sent.statusCode !== 200) throw new Error(`send_code: ${sent.statusCode} ${sent.body}`);
  const verified = await api(t, 'POST', '/api/verify_code/', user, { code: await codeFromMail(t, user, 'Your access code') });
  if (verified.statusCode !== 200) throw new Error(`verify_code: ${verified.statusCode} ${verified.body}`);
}

export const UK_ACCOUNT = { type: 'UK_BANK', account_owner_uk: 'Isla Grant', sort_code_uk: '12-34-56', account_number_uk: '12345678' };
export const INT_ACCOUNT = {
  type: 'INT_BANK', account_owner_int: 'Isla Grant', iban_int: 'DE89 3704 0044 0532 0130 00', bic_swift_int: 'DEUTDEFF', bank_address_int: 'Frankfurt am Main',
};

/** Saves a payout method (the user needs access) and answers its id. */
export async function addMethod(t: TestApp, user: TestUser, body: Record<string, unknown> = UK_ACCOUNT): Promise<string> {
  const res = await api(t, 'POST', '/api/payment_methods/', user, body);
  if (res.statusCode !== 201) throw new Error(`payment_methods: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** Access tokens live 15 minutes: after moving the clock, sign the user in again (a new session). */
export async function signInAgain(t: TestApp, ...users: (TestUser & { staff?: boolean })[]): Promise<void> {
  for (const user of users) user.access = (await openSession(t.ctx, { id: user.id, is_staff: user.staff === true }, false)).access;
}

/** Moves the test clock and signs the users in again. */
export async function advance(t: TestApp, ms: number, ...users: TestUser[]): Promise<void> {
  t.clock.advance(ms);
  await signInAgain(t, ...users);
}
