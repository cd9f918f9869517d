/**
 * Fixtures for the order API tests (not a test file itself): won lots made through the staff endpoints and the lot
 * commands in the recent past (auction ended a day ago by default), drafts, and calls.
 */
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { closeLot, consignLot, createAuction, placeBid } from '../catalogue/testing/fixtures';
import { penceToDecimal } from '../../domain/shared/money';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The app the order tests share (no workers, projections running), with a staff user and a seller of won lots. */
export async function startOrderApp(): Promise<{ t: TestApp; staff: TestUser; seller: TestUser }> {
  const t = await startTestApp({ workers: false });
  t.ctx.projections.start();
  return { t, staff: await createTestUser(t, { staff: true }), seller: await createTestUser(t) };
}

interface WonLotSpec { hammer: number; vat?: boolean; reserve?: boolean }

/**
 * Lots `buyer` won from `seller` at exactly `hammer` pence (opening bid = hammer, one bid), in an auction that
 * ended `endedDaysAgo` days before the clock's now. The clock is back at now afterwards.
 */
export async function wonLots(
  t: TestApp, staff: TestUser, buyer: TestUser, seller: TestUser, specs: WonLotSpec[], endedDaysAgo = 1,
): Promise<{ id: string; reference_no: string }[]> {
  const now = t.clock.now();
  const end = new Date(now.getTime() - endedDaysAgo * DAY);
  t.clock.set(new Date(end.getTime() - HOUR));
  const auction = await createAuction(t, staff, { startOffsetMs: -HOUR, lengthMs: 2 * HOUR });
  const lots = [];
  for (const spec of specs) {
    const price = penceToDecimal(spec.hammer);
    const lot = await consignLot(t, staff, auction.id, seller.id, {
      opening_bid: price, vat_enabled: spec.vat ?? false, ...(spec.reserve ? { reserve_price: price } : {}),
    });
    await placeBid(t, lot.id, buyer.id, spec.hammer);
    lots.push(lot);
  }
  t.clock.set(new Date(Date.parse(auction.end_date) + 1_000));
  for (const lot of lots) await closeLot(t, lot.id);
  t.clock.set(now);
  return lots;
}

export const UK_ADDRESS = { country: 'united-kingdom', region: '', city: 'Edinburgh', street: '1 Cask Lane', apartment: '', zip_code: 'EH1 2AB' };

export function draft(method: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    lots_from_storage: [], insurance: true, discount_code: '', used_from_wallet: '0.00', note_from_customer: 'Leave with the porter.',
    personal_information: { first_name: 'Isla', last_name: 'Grant', phone_number: '07400 900123', additional_phone_number: '', email: 'isla@whisky.test' },
    billing_address: UK_ADDRESS, shipping_address: UK_ADDRESS,
    payment_method: { method, details: {} },
    storage_type: 'days', storage_days: 45, storage_months: 0,
    callback: '/checkout-success?flow_type=checkout',
    strong_customer_authentication_data: { browserLanguage: 'en-GB', challengeWindowSize: 'Medium' },
    ...extra,
  };
}

export function cardDraft(number: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return draft('CARD', {
    payment_method: { method: 'CARD', details: { card_number: number.replace(/\s/g, ''), expiry_date: '1230', card_holder_name: 'Isla Grant', cvv: '739' } },
    ...extra,
  });
}

export function createOrder(t: TestApp, user: TestUser, service: string, body: unknown, key: string | null = randomUUID()): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST', url: `/api/checkout/${service}/create_order/`, payload: body as object,
    headers: { ...bearer(user), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

export function staffPost(t: TestApp, staff: TestUser, url: string, payload: unknown, key: string | null = randomUUID()) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...bearer(staff), ...(key ? { 'idempotency-key': key } : {}) } });
}

export async function getJson(t: TestApp, user: TestUser, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(user) });
  assert.is(res.statusCode, 200, `${url}: ${res.body}`);
  return res.json();
}

/** The caller's wallet (GET /api/user_wallet/). */
export const walletOf = (t: TestApp, user: TestUser) => getJson(t, user, '/api/user_wallet/') as Promise<{ balance: string }>;

/** The caller's wallet transactions, newest first. */
export async function transactionsOf(t: TestApp, user: TestUser) {
  const page = await getJson(t, user, '/api/transactions/all/?page_size=100');
  return page.results as { type: string; kind?: string; amount: string; description: string; reference: string | null }[];
}

/** The caller's won lots still to pay for (ids). */
export async function wonItemIds(t: TestApp, user: TestUser): Promise<string[]> {
  const page = await getJson(t, user, '/api/checkout/won_items/?page_size=9999');
  return (page.results as { lot: { id: string } }[]).map((r) => r.lot.id);
}

/** Money into a user's wallet, as staff would put it there (the payout tests' helper). */
export { fund as fundWallet } from '../withdrawal/testing';

/** The stored events of a type on streams starting with `prefix`, in order. */
export async function eventsOf(t: TestApp, type: string, prefix = ''): Promise<{ stream_id: string; data: Record<string, unknown> }[]> {
  const { rows } = await sql<{ stream_id: string; data: Record<string, unknown> }>`
    SELECT stream_id, data FROM events WHERE type = ${type} AND stream_id LIKE ${`${prefix}%`} ORDER BY position`.execute(t.ctx.db);
  return rows;
}
