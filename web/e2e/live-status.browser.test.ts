/**
 * The live channel failing in a real browser: the server's websockets drop and every new attempt fails (the ticket
 * request is refused at the network), so after its 10 retries the lots channel gives up and the page says so; then
 * the server is back and the banner's Reconnect brings live prices back (another bidder's bid, placed through the
 * API, shows without a reload, pushed on the new socket).
 *
 * The retries wait 2-10 s each (about 75 s in all), so the context runs on Playwright's clock: time flows as usual
 * and the test jumps it 10 s at a time once the page has made (and lost) each attempt. The product code is the real
 * one, retry policy included.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page, WebSocketRoute } from 'playwright-core';
import { bearer, type TestUser } from '../../services/testing/users';
import { assertNoSidewaysScroll, assertNoProblems, logged, newContext, PHONE, startTwoBidders, UI_TIMEOUT, watchProblems, type E2E, type LiveLot, type PageProblems } from './helpers';

let e: E2E;
let alice: TestUser;
let bob: TestUser;
let lot: LiveLot;

test.before(logged(async () => {
  ({ e, alice, bob, lot } = await startTwoBidders({ title: 'Talisker 25 Year Old', distillery: { name: 'Talisker', region: 'Islands' } }));
}));

test.after(async () => {
  await e?.close();
});

/** The network between the page and the server, as the test wants it: up, or down for the live channels. */
const net = {
  up: true,
  ticketsRefused: 0,
  /** The websockets the page holds open to the server: its end and the server's. */
  open: new Map<WebSocketRoute, WebSocketRoute>(),
  /** Messages pushed by the server to the page on each /ws/lots/ socket, by socket. */
  lotsFrames: [] as string[][],
};

async function until(what: string, check: () => boolean, ms = UI_TIMEOUT): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function wireNetwork(page: Page): Promise<void> {
  await page.route(/\/api\/auth\/get_ws_ticket\//, async (route) => {
    if (net.up) return route.continue();
    net.ticketsRefused += 1;
    return route.abort('internetdisconnected');
  });
  await page.routeWebSocket(/\/ws\//, (ws) => {
    // Only the ticket is refused while down, so a socket reaching here is always let through to the real server.
    const server = ws.connectToServer();
    const frames: string[] = [];
    if (/\/ws\/lots\//.test(ws.url())) net.lotsFrames.push(frames);
    server.onMessage((m) => {
      frames.push(String(m));
      ws.send(m);
    });
    net.open.set(ws, server);
    ws.onClose(() => {
      net.open.delete(ws);
      void server.close();
    });
  });
}

/** The server's websockets go away and new connections cannot be made. */
async function takeDown(): Promise<void> {
  net.up = false;
  const sockets = [...net.open];
  net.open.clear();
  await Promise.all(sockets.flatMap(([ws, server]) => [ws.close({ code: 1012, reason: 'server restart' }), server.close()]));
}

const panel = (page: Page) => page.getByRole('region', { name: 'Bidding' });
const failedBanner = (page: Page) => page.getByRole('alert').filter({ hasText: 'Live updates have stopped.' });

let page: Page;
let problems: PageProblems;

test('the lots channel gives up after its retries and the page says live updates have stopped', async () => {
  const context = await newContext(e, PHONE, alice);
  await context.clock.install();
  page = await context.newPage();
  problems = watchProblems(page);
  await wireNetwork(page);
  await page.goto(`${e.t.baseUrl}/product/${lot.id}`);
  await page.getByRole('heading', { level: 1, name: lot.title }).waitFor();
  await panel(page).locator('.bid-panel__row', { hasText: 'Current Bid' }).filter({ hasText: 'No bids yet' }).waitFor();
  await until('the lots socket to say hello', () => net.lotsFrames.some((f) => f.some((m) => m.includes('"hello"'))));
  assert.is(await failedBanner(page).count(), 0, 'no banner while live updates work');

  await takeDown();
  await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor();

  let jumps = 0;
  while (!(await failedBanner(page).isVisible())) {
    assert.ok(jumps < 12, 'the channel gives up after 10 retries (about 75 s of waiting)');
    const refused = net.ticketsRefused;
    await page.clock.fastForward(10_000);
    jumps += 1;
    // The due attempts fetch a ticket, are refused, and schedule the next retry.
    await until('a reconnection attempt', () => net.ticketsRefused > refused);
    await page.waitForTimeout(150);
  }
  assert.ok(jumps >= 9, `not before its retries are spent (gave up after ${jumps} jumps of 10 s)`);
  const banner = failedBanner(page);
  assert.is((await banner.innerText()).split('\n')[0], 'Live updates have stopped. Prices on this page may be out of date.');
  assert.is(await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).count(), 0, 'no "Reconnecting…" once it gave up');

  // On a phone the banner and its button fit the screen.
  const button = banner.getByRole('button', { name: 'Reconnect' });
  const box = await button.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height, 'Reconnect is on screen');
  await assertNoSidewaysScroll(page);

  // It stays given up: more time brings no new attempt (a few jumps first let the other channels, which may be one
  // retry behind, give up too).
  for (let i = 0; i < 3; i++) {
    await page.clock.fastForward(10_000);
    await page.waitForTimeout(150);
  }
  const refused = net.ticketsRefused;
  await page.clock.fastForward(60_000);
  await page.waitForTimeout(300);
  assert.is(net.ticketsRefused, refused, 'no attempt after giving up');
  await banner.waitFor();
  assertNoProblems(problems);
});

test('with the server back, Reconnect brings live prices back: a bid by another bidder shows without a reload', async () => {
  await page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });
  net.up = true;
  const socketsBefore = net.lotsFrames.length;
  await failedBanner(page).getByRole('button', { name: 'Reconnect' }).click();
  await failedBanner(page).waitFor({ state: 'detached' });
  await until('a new lots socket to say hello', () => net.lotsFrames.slice(socketsBefore).some((f) => f.some((m) => m.includes('"hello"'))));
  const frames = net.lotsFrames.at(-1)!;
  await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor({ state: 'detached' });

  const res = await e.t.app.inject({ method: 'POST', url: '/api/bids/', headers: bearer(bob), payload: { bid: '100', lot: lot.id } });
  assert.is(res.statusCode, 201, res.body);
  await panel(page).locator('.bid-panel__row', { hasText: 'Current Bid' }).filter({ hasText: '£10' }).waitFor();
  const pushed = frames.map((m) => JSON.parse(m) as { purpose: string; lot_id?: string; current_bid?: string });
  assert.ok(pushed.some((m) => m.purpose === 'lot_update' && m.lot_id === lot.id && m.current_bid === '10.00'), 'the bid came as a push on the new socket');
  assert.ok(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), 'the page was not reloaded');
  assert.is(await failedBanner(page).count(), 0);
  assertNoProblems(problems);
});

test.run();
