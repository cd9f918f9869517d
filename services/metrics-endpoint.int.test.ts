/**
 * GET /metrics (docs/operations.md): not served without METRICS_TOKEN, refused without the right bearer token, and
 * with it the metric families the close dashboard reads, a bid counted where it is decided.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from './testing/harness';
import { createTestUser, type TestUser } from './testing/users';
import { createLot, postBid } from './bidding/testing';
import { startNode } from './cluster/node';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let t: TestApp;
let bidder: TestUser;

test.before(async () => {
  t = await startTestApp({ config: { metricsToken: TOKEN } });
  bidder = await createTestUser(t, { feePaid: true });
});

test.after(async () => {
  await t.close();
});

const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series (`name{labels}`), or 0 when the scrape does not have it yet. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test('no token configured: /metrics is not served (404 in the API shape)', async () => {
  const other = await startTestApp({ config: { metricsToken: null }, workers: false });
  try {
    const res = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything' } });
    assert.is(res.statusCode, 404);
    assert.equal(res.json(), { detail: 'Not found.' });
  } finally {
    await other.close();
  }
});

test('without the token or with a wrong one: 401, and no metric in the answer', async () => {
  for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
    const res = await scrape(authorization);
    assert.is(res.statusCode, 401, String(authorization));
    assert.ok(res.json().detail);
    assert.not.match(res.body, /auction_/);
  }
});

test('with the token: the families of the close dashboard, routes by pattern, process metrics', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now());
  await t.app.inject({ method: 'GET', url: `/api/lots/${lotId}/` });
  const res = await scrape(`Bearer ${TOKEN}`);
  assert.is(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^text\/plain/);
  for (const family of [
    'auction_bid_decisions_total', 'auction_bid_refusals_total', 'auction_bid_decision_seconds', 'auction_http_request_duration_seconds',
    'auction_projection_events_behind', 'auction_projection_seconds_behind', 'auction_ws_connections', 'auction_ws_send_queue_bytes',
    'auction_outbox_emails', 'auction_outbox_oldest_pending_seconds', 'auction_lot_leases_held', 'auction_db_pool_connections',
    'auction_db_pool_waiting', 'process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds',
    'auction_refunds_owed', 'auction_refunds_owed_pence', 'auction_card_payments_pending', 'auction_card_payment_oldest_pending_seconds',
  ]) assert.match(res.body, new RegExp(`^# TYPE ${family} `, 'm'), family);
  // Nothing owed or pending in a fresh house, read from the database (not left out of the scrape).
  assert.match(res.body, /^auction_refunds_owed 0$/m);
  assert.match(res.body, /^auction_metrics_source_up\{source="payments"\} 1$/m);
  // The route's pattern, never the lot's id.
  assert.match(res.body, /auction_http_request_duration_seconds_count\{method="GET",route="\/api\/lots\/:[a-z_]+\/",status_class="2xx"\} \d/);
  assert.not.match(res.body, new RegExp(lotId));
  assert.match(res.body, /^auction_projection_events_behind\{projection="lots"\} \d+$/m);
  assert.match(res.body, /^auction_metrics_source_up\{source="projections"\} 1$/m);
});

test('a bid counts one accepted decision; a refused one counts by its reason', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now());
  const before = (await scrape(`Bearer ${TOKEN}`)).body;
  const accepted = await postBid(t, bidder, { lot: lotId, bid: '20.00' });
  assert.is(accepted.statusCode, 201, accepted.body);
  const refused = await postBid(t, bidder, { lot: lotId, bid: '1.00' });
  assert.is(refused.statusCode, 400, refused.body);
  const after = (await scrape(`Bearer ${TOKEN}`)).body;
  const delta = (series: string) => seriesValue(after, series) - seriesValue(before, series);
  assert.is(delta('auction_bid_decisions_total{outcome="accepted"}'), 1);
  assert.is(delta('auction_bid_decisions_total{outcome="refused"}'), 1);
  assert.is(delta('auction_bid_refusals_total{reason="below_minimum"}'), 1);
  assert.is(delta('auction_bid_decision_seconds_count'), 2);
});

test('the internal listener (lot leases on) serves /metrics without the token, leases held counted', async () => {
  const node = await startNode(t.ctx, t.app, { host: '127.0.0.1', port: 0 });
  try {
    const { lotId } = await createLot(t.ctx, t.clock.now());
    await node.leases.acquire(lotId);
    const res = await fetch(`${node.address}/metrics`);
    assert.is(res.status, 200);
    const text = await res.text();
    assert.match(text, /^auction_lot_leases_held 1$/m);
    assert.match(text, /^# TYPE auction_bid_decisions_total counter$/m);
  } finally {
    await node.stop();
  }
});

test.run();
