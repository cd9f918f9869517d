/**
 * Catalogue fixtures for API tests: auctions and lots made through the staff endpoints, bids and closes through
 * the real lot commands on `lot-<id>` streams (as the bidding slice does), then waited into the read models.
 */
import { randomUUID } from 'node:crypto';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../testing/harness';
import { bearer, type TestUser } from '../../testing/users';
import { lotDecider } from '../../../domain/catalogue/lot/decide';
import { auctionDecider } from '../../../domain/catalogue/auction/decide';
import { auctionStream, lotStream } from '../streams';
import type { CommandOutcome } from '../../../infra/commands/command-handler';

/** Fixtures wait for the read models fully (the app's own wait is bounded by VIEWS_WAIT_MS and may answer first). */
async function settle(t: { projections: TestApp['ctx']['projections'] }, outcome: CommandOutcome<unknown, unknown>): Promise<void> {
  const last = outcome.append?.events.at(-1);
  if (last) await t.projections.waitFor({ transaction_id: last.transaction_id, position: last.position });
}

const HOUR = 3_600_000;

/**
 * The app with the projection runner but without the features' background work: the closing scheduler would
 * close lots behind the test's back when the test moves the clock (tests here close lots themselves).
 */
export async function startCatalogueTestApp(): Promise<TestApp> {
  const t = await startTestApp({ workers: false });
  t.ctx.projections.start();
  return t;
}

const DAY = 24 * HOUR;

export async function createAuction(t: TestApp, staff: TestUser, opts: { startOffsetMs?: number; lengthMs?: number; year?: number } = {}) {
  const start = new Date(t.clock.now().getTime() + (opts.startOffsetMs ?? -HOUR));
  const end = new Date(start.getTime() + (opts.lengthMs ?? 7 * DAY));
  const res = await t.app.inject({
    method: 'POST', url: '/api/staff/auctions/', headers: bearer(staff),
    payload: { start_date: start.toISOString(), end_date: end.toISOString(), ...(opts.year ? { year: opts.year } : {}) },
  });
  assert.is(res.statusCode, 201, res.body);
  return res.json() as { id: string; start_date: string; end_date: string; year: number; sequence_no: number };
}

export interface LotInput {
  title?: string;
  description?: string;
  photos?: { file: string; title: string }[];
  distillery?: { name: string; region?: string | null };
  reserve_price?: string | null;
  type?: 'bottle' | 'cask';
  vat_enabled?: boolean;
  featured?: boolean;
  age?: number;
  estimated_value?: string;
  opening_bid?: string;
  starts_at?: string;
  custom_title?: string;
  ends_at?: string;
}

export async function consignLot(t: TestApp, staff: TestUser, auctionId: string, sellerId: string, input: LotInput = {}) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/staff/lots/', headers: bearer(staff),
    payload: {
      auction: auctionId, seller: sellerId, title: 'Macallan 18', distillery: { name: 'Macallan', region: 'Speyside' },
      estimated_value: '300', type: 'bottle', age: 18, volume_ml: 700, abv: 43, ...input,
    },
  });
  assert.is(res.statusCode, 201, res.body);
  return res.json() as { id: string; reference_no: string };
}

/** A maximum bid by a paid-up bidder at the test clock's now; answers the resulting BidPlaced data. */
export async function placeBid(t: TestApp, lotId: string, bidderId: string, maxPence: number) {
  const outcome = await t.ctx.commands.handle(lotStream(lotId), lotDecider, {
    type: 'PlaceBid', lot_id: lotId, bid_id: randomUUID(), auto_bid_id: randomUUID(), bidder_id: bidderId,
    max_bid: maxPence, bidder_registration_fee_paid: true, now: t.clock.now().toISOString(),
  });
  await settle(t.ctx, outcome);
  return outcome;
}

export async function closeLot(t: TestApp, lotId: string) {
  const outcome = await t.ctx.commands.handle(lotStream(lotId), lotDecider, { type: 'CloseLot', lot_id: lotId, now: t.clock.now().toISOString() });
  await settle(t.ctx, outcome);
  return outcome;
}

export async function finishAuction(t: TestApp, auctionId: string) {
  const outcome = await t.ctx.commands.handle(auctionStream(auctionId), auctionDecider, {
    type: 'FinishAuction', auction_id: auctionId, open_lot_count: 0, now: t.clock.now().toISOString(),
  });
  await settle(t.ctx, outcome);
}

export async function getJson(t: TestApp, url: string, user?: TestUser) {
  const res = await t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });
  assert.is(res.statusCode, 200, `${url}: ${res.body}`);
  return res.json();
}
