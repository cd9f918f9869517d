/** The close dashboard (deploy/grafana-close-dashboard.json) reads only metric families this process exposes. */
import fs from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Metrics } from './metrics';

const dashboard = JSON.parse(fs.readFileSync('deploy/grafana-close-dashboard.json', 'utf8')) as { panels: { type: string; targets?: { expr: string }[] }[] };

test('every metric a dashboard query names is one of ours (histogram series by their family)', async () => {
  const metrics = new Metrics();
  const families = new Set((await metrics.registry.getMetricsAsJSON()).map((m) => m.name));
  const named = new Set<string>();
  for (const panel of dashboard.panels) {
    for (const target of panel.targets ?? []) {
      for (const [name] of target.expr.matchAll(/\b(?:auction|process|nodejs)_[a-z0-9_]+/g)) named.add(name.replace(/_(bucket|count|sum)$/, ''));
    }
  }
  assert.ok(named.size >= 15, `the dashboard names ${named.size} metrics`);
  for (const name of named) assert.ok(families.has(name), `${name} is exposed`);
});

test('the panels of the close: bids, lag, sockets, emails, card money in flight, leases, pool, CPU, memory', () => {
  const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)).join('\n');
  for (const family of ['auction_bid_decisions_total', 'auction_projection_seconds_behind', 'auction_ws_connections', 'auction_outbox_emails',
    'auction_refunds_owed', 'auction_card_payments_pending', 'auction_lot_leases_held', 'auction_db_pool_connections', 'process_cpu_seconds_total',
    'process_resident_memory_bytes']) {
    assert.ok(exprs.includes(family), family);
  }
});

test.run();
