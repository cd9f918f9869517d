/**
 * Helpers for the card payment API tests (not a test file itself): the sandbox's test numbers, requests, following a
 * 3-D Secure challenge through the provider's page with app.inject, and counting events.
 */
import * as assert from 'uvu/assert';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { TestApp } from '../testing/harness';
import { bearer, type TestUser } from '../testing/users';

export const CARD = {
  ok: '4242 4242 4242 4242',
  challenge: '4000 0000 0000 3220',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  expired: '4000 0000 0000 0069',
  cvc: '4000 0000 0000 0127',
  /** Any other valid number succeeds. */
  mastercard: '5555 5555 5555 4444',
  amex: '3782 822463 10005',
} as const;

export function card(number: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { card_number: number, expiry_date: '12/30', card_holder_name: 'Isla Grant', cvv: '739', ...overrides };
}

export function post(t: TestApp, user: TestUser | null, url: string, payload: unknown, key?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST', url, payload: payload as object,
    headers: { ...(user ? bearer(user) : {}), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

export function get(t: TestApp, user: TestUser | null, url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });
}

/** The challenge page's address from the payment HTML (a GET form whose hidden `t` is the challenge token). */
export function challengeUrl(html: string): string {
  assert.match(html, /<form id="payment-3ds-form"/);
  const action = /action="([^"]+)"/.exec(html)?.[1];
  const token = /name="t" value="([^"]+)"/.exec(html)?.[1];
  assert.ok(action && token, 'the payment HTML has a form with the challenge token');
  return `${action}?t=${token}`;
}

interface Challenge { page: LightMyRequestResponse; complete: () => Promise<LightMyRequestResponse>; fail: () => Promise<LightMyRequestResponse> }

/** Opens the challenge page; complete()/fail() press its buttons (form posts) and answer the provider's redirect. */
export async function openChallenge(t: TestApp, html: string): Promise<Challenge> {
  const page = await t.app.inject({ method: 'GET', url: challengeUrl(html) });
  assert.is(page.statusCode, 200, page.body);
  const press = (name: 'complete' | 'fail') => {
    const form = new RegExp(`<form method="post" action="([^"]+/${name})"><input type="hidden" name="t" value="([^"]+)">`).exec(page.body);
    assert.ok(form, `the page has a ${name} button`);
    return t.app.inject({
      method: 'POST', url: form![1], payload: `t=${encodeURIComponent(form![2])}`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  };
  return { page, complete: () => press('complete'), fail: () => press('fail') };
}

/** Follows a 303 from the provider to our return route, and answers the return route's redirect to the client. */
export async function followReturn(
  t: TestApp, fromProvider: LightMyRequestResponse,
): Promise<{ returnUrl: string; client: string; paymentId: string }> {
  assert.is(fromProvider.statusCode, 303, fromProvider.body);
  const returnUrl = String(fromProvider.headers.location);
  assert.match(returnUrl, /^\/payments\/return\/[0-9a-f-]{36}$/);
  const back = await t.app.inject({ method: 'GET', url: returnUrl });
  assert.is(back.statusCode, 303, back.body);
  // Every return names its payment last, for the client to ask what happened (GET /api/payments/{id}/); `client`
  // is the rest, the flags the client shows only once the server confirms them.
  const paymentId = returnUrl.slice('/payments/return/'.length);
  const location = String(back.headers.location);
  assert.ok(location.endsWith(`&payment=${paymentId}`), `the return names its payment: ${location}`);
  return { returnUrl, client: location.slice(0, -`&payment=${paymentId}`.length), paymentId };
}

/** How many events of a type were stored (optionally only on one user's payments, by data.user_id). */
export async function countEvents(t: TestApp, type: string, userId?: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM events WHERE type = ${type}
    AND (${userId ?? null}::text IS NULL OR data->>'user_id' = ${userId ?? null})`.execute(t.ctx.db);
  return Number(rows[0].n);
}

export async function sandboxIntents(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM sandbox_intents`.execute(t.ctx.db);
  return Number(rows[0].n);
}

export async function feeRow(t: TestApp, userId: string) {
  return t.ctx.db.selectFrom('users').select(['registration_fee_status', 'registration_fee_method']).where('id', '=', userId).executeTakeFirstOrThrow();
}
