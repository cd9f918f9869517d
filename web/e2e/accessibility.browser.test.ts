/**
 * axe-core on the storefront at 390x844 and 1280x900 (issue 19): no serious or critical finding, and no heading
 * that skips a level, on home, the listing, a lot page, search results, the sign-up and sign-in modals (with both
 * social sign-in buttons: the providers are local stand-ins), selling and the 404 page;
 * signed in, on the checkout with a won lot and with every lot held by an order awaiting payment, the buyer's area and the staff close monitor; and the screens issue 18 changed: the card-payment
 * result modals (registration fee paid with a bid waiting, failed, pending; a card saved or not; an order paid or
 * not) and /checkout-success in each of its states. One served app for the file; every finding is printed with its
 * selector, and a test fails only after every page of it has been scanned.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import type { AxeResults, RunOptions } from 'axe-core';
import type { TestUser } from '../../services/testing/users';
import { wonLots, createOrder, cardDraft, draft } from '../../services/orders/testing';
import { CARD, card, followReturn, openChallenge, post } from '../../services/payments/testing';
import { placeBid } from '../../services/catalogue/testing/fixtures';
import { startFakeProviders, type FakeProviders } from '../../services/accounts/social/testing/fake-providers';
import { lotStream } from '../../services/catalogue/streams';
import {
  DESKTOP, liveAuctionWithLots, logged, newContext, PHONE, startE2E, user, watchProblems,
  type E2E, type LiveLot, type PageProblems,
} from './helpers';

/**
 * axe-core's minified build, the same code and rules as the full one (`axe.source`, 1.5 MB unminified): 0.65 MB to
 * send and compile, put into a document once, at its first scan (docs/testing.md).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0-2.2 A and AA, and axe's best practices (heading order, landmarks, one main). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** How axe runs: only the rules of those tags; no CSS preload, and violations only node by node (scan() says why). */
const AXE_OPTIONS: RunOptions = { runOnly: { type: 'tag', values: TAGS }, preload: false, resultTypes: ['violations'] };
/** Rules that fail the test whatever axe's impact for them ("moderate" for heading-order). */
const ALWAYS = new Set(['heading-order']);
const WIDTHS = [['390', PHONE], ['1280', DESKTOP]] as const;
/**
 * Longer than UI_TIMEOUT: this file loads some sixty pages on one server, and on a shared, loaded machine a page's
 * first data can take more than ten seconds. Still a wait for a state, never a fixed pause.
 */
const SCAN_TIMEOUT = 45_000;

let e: E2E;
let fake: FakeProviders;
let lots: LiveLot[];
/** winner: won lots, and a card payment for them that failed (the order cancelled, the lots free again). */
/** partlyHeld: a card order in the bank's check holds one lot, and a lot won after it is to pay for. */
const who = {} as Record<'staff' | 'bidder' | 'winner' | 'unpaid' | 'feeWithBid' | 'bank' | 'paid' | 'inCheck' | 'partlyHeld', TestUser>;
/** The client addresses the payment provider sends each buyer back to, with the payment named. */
const returns = {} as Record<'feeFailed' | 'feePending' | 'feeWithBid' | 'cardSaved' | 'cardFailed' | 'orderPaid' | 'orderFailed', string>;

test.before(logged(async () => {
  // Both social providers configured (local stand-ins), so the sign-in and sign-up modals are scanned with their
  // "Continue with Google / Facebook" buttons, as a house with social sign-in shows them.
  fake = await startFakeProviders({ now: () => e.t.clock.now(), googleClientId: 'whisky-a11y.apps.googleusercontent.com', facebook: { appId: '5566778899', appSecret: 'fb-a11y-secret' } });
  e = await startE2E({ config: fake.settings() });
  const staff = await user(e, { staff: true, feePaid: true });
  who.staff = staff;
  const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  who.bidder = await user(e, { firstName: 'Bea', lastName: 'Bidder', feePaid: true });
  who.winner = await user(e, { firstName: 'Wyn', lastName: 'Ner', feePaid: true });
  who.bank = await user(e, { firstName: 'Ola', lastName: 'Bank', feePaid: true });
  who.paid = await user(e, { firstName: 'Pia', lastName: 'Paid', feePaid: true });
  who.inCheck = await user(e, { firstName: 'Cal', lastName: 'Check', feePaid: true });
  who.partlyHeld = await user(e, { firstName: 'Hal', lastName: 'Partly', feePaid: true });
  who.unpaid = await user(e, { firstName: 'Una', lastName: 'Paid' });
  who.feeWithBid = await user(e, { firstName: 'Rex', lastName: 'Ready' });
  await wonLots(e.t, staff, who.winner, seller, [{ hammer: 12_000 }, { hammer: 8_500 }]);
  for (const w of [who.bank, who.paid, who.inCheck, who.partlyHeld]) await wonLots(e.t, staff, w, seller, [{ hammer: 9_000 }]);

  lots = await liveAuctionWithLots(e, staff, seller, [
    { title: 'Springbank 21 Year Old', distillery: { name: 'Springbank', region: 'Campbeltown' }, reserve_price: '900.00', featured: true },
    { title: 'Lagavulin 16 Year Old', distillery: { name: 'Lagavulin', region: 'Islay' }, featured: true },
    { title: 'Glenfarclas 25 Year Old', distillery: { name: 'Glenfarclas', region: 'Speyside' }, featured: true },
    { title: 'Bunnahabhain 12 Year Old', distillery: { name: 'Bunnahabhain', region: 'Islay' } },
  ]);
  // Bea leads the Springbank under its reserve; another bidder's bid on the Lagavulin.
  await placeBid(e.t, lots[0].id, who.bidder.id, 20_000);
  await placeBid(e.t, lots[1].id, who.winner.id, 15_000);
  for (const l of lots) await projected(l.id);

  // The card payments behind the result screens, through the sandbox provider's 3-D Secure page.
  const challenge = async (u: TestUser, url: string, body: unknown, outcome: 'complete' | 'fail') => {
    const res = await post(e.t, u, url, body, randomUUID());
    assert.is(res.statusCode, 200, res.body);
    const back = await followReturn(e.t, await (await openChallenge(e.t, res.json()))[outcome]());
    return `${back.client}&payment=${back.paymentId}`;
  };
  returns.feeFailed = await challenge(who.unpaid, '/api/registration_fee/', card(CARD.challenge), 'fail');
  returns.feeWithBid = await challenge(who.feeWithBid, `/api/registration_fee/?lot=${lots[2].id}&bid=150`,
    card(CARD.challenge, { return_path: `/product/${lots[2].id}` }), 'complete');
  const pending = await post(e.t, who.unpaid, '/api/registration_fee/', card(CARD.challenge), randomUUID());
  assert.is(pending.statusCode, 200, pending.body);
  returns.feePending = `/?registration_fee=true&payment=${await latestPaymentId(who.unpaid)}`;
  returns.cardFailed = await challenge(who.bidder, '/api/user_payment_cards/', card(CARD.challenge), 'fail');
  returns.cardSaved = await challenge(who.bidder, '/api/user_payment_cards/', card(CARD.challenge), 'complete');
  const order = async (u: TestUser, outcome: 'complete' | 'fail') => {
    const res = await createOrder(e.t, u, 'collection', cardDraft(CARD.challenge));
    assert.is(res.statusCode, 200, res.body);
    const back = await followReturn(e.t, await (await openChallenge(e.t, res.json()))[outcome]());
    return `${back.client}&payment=${back.paymentId}`;
  };
  returns.orderPaid = await order(who.paid, 'complete');
  returns.orderFailed = await order(who.winner, 'fail');
  const bank = await createOrder(e.t, who.bank, 'storage', draft('UK_BANK'));
  assert.is(bank.statusCode, 201, bank.body);
  // A card order left in the bank's check: the checkout offers to cancel it.
  const inCheck = await createOrder(e.t, who.inCheck, 'collection', cardDraft(CARD.challenge));
  assert.is(inCheck.statusCode, 200, inCheck.body);
  const partly = await createOrder(e.t, who.partlyHeld, 'collection', cardDraft(CARD.challenge));
  assert.is(partly.statusCode, 200, partly.body);
  await wonLots(e.t, staff, who.partlyHeld, seller, [{ hammer: 4_000 }]);
}));

/** The read models have the lot's last event (lotProjected, with a longer cap: a loaded machine's projections lag). */
async function projected(lotId: string): Promise<void> {
  const last = (await e.t.ctx.store.readStream(lotStream(lotId))).at(-1);
  if (last) await e.t.ctx.projections.waitFor({ transaction_id: last.transaction_id, position: last.position }, 60_000);
}

test.after(async () => {
  for (const opened of tabs.values()) await (await opened).page.context().close();
  await e?.close();
  await fake?.close();
});

/** The newest payment the user started (the pending one: its challenge is never answered). */
async function latestPaymentId(u: TestUser): Promise<string> {
  const { rows } = await sql<{ id: string }>`SELECT data->>'payment_id' AS id FROM events
    WHERE type = 'PaymentCreated' AND data->>'user_id' = ${u.id} ORDER BY position DESC LIMIT 1`.execute(e.t.ctx.db);
  assert.ok(rows[0], 'the payment was created');
  return rows[0].id;
}

interface Finding { where: string; line: string }

/**
 * Requests the page has open, counted from the browser's own events. A scan waits for a short quiet spell instead of
 * Playwright's `networkidle` (no request for 500 ms): the same question, without half a second of idle per scan
 * (54 scans; docs/testing.md).
 */
interface Traffic { open: number; lastChange: number; recent: Sent[] }
/** A request of the page, kept to say what a page that never came up was waiting for. */
interface Sent { what: string; at: number; took?: number; outcome?: string }
const trafficOf = new WeakMap<Page, Traffic>();
/** The last requests kept per page (a scan's page makes 10-40). */
const RECENT = 40;

function watchTraffic(page: Page): void {
  const traffic: Traffic = { open: 0, lastChange: Date.now(), recent: [] };
  const sent = new WeakMap<object, Sent>();
  const change = (by: number) => { traffic.open += by; traffic.lastChange = Date.now(); };
  page.on('request', (request) => {
    change(1);
    const url = new URL(request.url());
    const entry: Sent = { what: `${request.method()} ${url.pathname}${url.search}`, at: Date.now() };
    sent.set(request, entry);
    traffic.recent = [...traffic.recent.slice(1 - RECENT), entry];
  });
  const ended = (request: object, outcome: string) => {
    change(-1);
    const entry = sent.get(request);
    if (entry) Object.assign(entry, { took: Date.now() - entry.at, outcome });
  };
  page.on('requestfinished', (request) => void request.response().then((r) => ended(request, String(r?.status() ?? '?')), () => ended(request, '?')));
  page.on('requestfailed', (request) => ended(request, `failed: ${request.failure()?.errorText ?? '?'}`));
  trafficOf.set(page, traffic);
}

/** The page's requests since `since`, with how long each took and how it ended (or that it is still open). */
function requestsSince(page: Page, since: number): string {
  const list = (trafficOf.get(page)?.recent ?? []).filter((r) => r.at >= since);
  return list.map((r) => `${r.what} +${r.at - since} ms: ${r.outcome ? `${r.outcome} in ${r.took} ms` : 'still open'}`).join('; ');
}

/** No request open, and none started or ended, for this long: a page's next request follows its last answer sooner. */
const QUIET_MS = 150;
/**
 * Past this, the count is no longer trusted (an event Playwright never sent would hold it above zero forever) and the
 * scan falls back to `networkidle`: slower, never wrong.
 */
const COUNT_TRUSTED_MS = 5_000;

async function quiet(page: Page, traffic: Traffic): Promise<void> {
  const trusted = Date.now() + COUNT_TRUSTED_MS;
  while (traffic.open > 0 || Date.now() - traffic.lastChange < QUIET_MS) {
    if (Date.now() > trusted) return page.waitForLoadState('networkidle');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits until the page has its data and nothing on it is mid-transition (a fading modal would be measured half transparent). */
async function settled(page: Page): Promise<void> {
  const traffic = trafficOf.get(page);
  if (!traffic) throw new Error('a page scanned here is opened by tab()');
  await page.waitForLoadState('load');
  await quiet(page, traffic);
  // The footer joins the page once it has loaded and the browser is idle (DeferredFooter): scanned with the rest.
  await page.locator('footer.site-footer').waitFor({ state: 'attached' });
  // Running entrance animations (modal fade-in, 0.2 s); looping ones (skeletons, spinners) never finish, and a paused
  // one would not either, hence the cap.
  await page.evaluate(() => Promise.race([
    Promise.all(document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined))),
    new Promise((done) => setTimeout(done, 3_000)),
  ]));
  // The footer may have asked for something (a lazy chunk) as it joined.
  await quiet(page, traffic);
}

/** Runs axe on what the page shows now and adds the findings that fail the test. */
async function scan(page: Page, where: string, found: Finding[]): Promise<void> {
  await settled(page);
  // axe reads a cross-origin stylesheet (the social providers' stand-ins load one, and may still be loading it when
  // axe starts) by writing an @import <style> into the page, which the page's CSP rightly refuses and the CSP watch
  // would count. So axe's CSS preload is off in this file: only css-orientation-lock needs it, and the house's CSS
  // locks no orientation (no `orientation` media query in web/src).
  //
  // Legacy mode (runAxe): axe runs in the page itself instead of gathering each frame's results in a blank page
  // opened per scan (AxeBuilder's default), which took about half of every scan's time (1.5 s against 2.6 s a lot
  // page, 3.1 against 5.5 s a listing of 120 lots, measured alternately on one served house). What it gives up is testing cross-origin frames, and no
  // scanned page has one (the one iframe of the client, the terms in a modal, is same-origin and not open here);
  // axe's `frame-tested` says when a frame went untested, and that fails the scan below.
  //
  // Only violations are gathered node by node (resultTypes): passes and incomplete results keep one node each, which
  // spares a selector for every element that passed; `frame-tested` is still reported when it happens.
  const results = await runAxe(page);
  for (const untested of [...results.incomplete, ...results.violations].filter((r) => r.id === 'frame-tested')) {
    found.push({ where, line: `a frame was not tested: ${untested.nodes.map((n) => n.target.join(' > ')).join(', ')}` });
  }
  for (const v of results.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical' && !ALWAYS.has(v.id)) continue;
    for (const n of v.nodes) {
      found.push({ where, line: `[${v.impact}] ${v.id}: ${n.target.join(' > ')}\n      ${(n.failureSummary ?? v.help).replace(/\n\s*/g, ' ')}` });
    }
  }
}

type WithAxe = { axe: typeof import('axe-core') };

/**
 * axe into the page and each of its frames, once per document (a second scan of the same document, a modal opened on
 * it, finds it there), then `axe.run` in the page itself, as AxeBuilder's legacy mode does, without its second
 * evaluation of axe's source per scan. A child frame that went away while this ran is left to `frame-tested`.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  for (const frame of page.frames()) {
    try {
      if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
      await frame.evaluate(() => (window as unknown as WithAxe).axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] }));
    } catch (error) {
      if (frame === page.mainFrame()) throw error;
    }
  }
  return page.evaluate((options) => (window as unknown as WithAxe).axe.run(document, options), AXE_OPTIONS);
}

function assertNone(found: Finding[]): void {
  if (found.length) console.error(`axe findings (${found.length}):\n${found.map((f) => `  ${f.where} ${f.line}`).join('\n')}`);
  assert.is(found.length, 0, `no serious or critical axe findings, no page errors (${found.length}, listed above)`);
}

interface Tab { page: Page; problems: PageProblems }
const tabs = new Map<string, Promise<Tab>>();

/**
 * One page per visitor and width, taken from path to path as a person browses (a fresh document each time): a new
 * context and page per scan cost about 1.2 CPU seconds each (docs/testing.md), over a hundred of them in this file.
 */
function tab(as: TestUser | null, width: string, viewport: typeof DESKTOP): Promise<Tab> {
  const key = `${as?.id ?? 'anonymous'} @${width}`;
  let opened = tabs.get(key);
  if (!opened) {
    opened = (async () => {
      const context = await newContext(e, viewport, as ?? undefined);
      context.setDefaultTimeout(SCAN_TIMEOUT);
      const page = await context.newPage();
      watchTraffic(page);
      return { page, problems: watchProblems(page) };
    })();
    tabs.set(key, opened);
  }
  return opened;
}

/**
 * Opens `path` at both widths (signed in as `as` when given), waits for `ready`, scans; `then` can do more on the
 * same page (open a modal) and scan again. A page that does not come up is a finding too (with what it showed), and
 * the other pages are still scanned, so one run lists everything.
 */
async function scanAtBothWidths(found: Finding[], path: string, as: TestUser | null, ready: (page: Page, width: string) => Promise<void>,
  then?: (page: Page, width: string) => Promise<void>): Promise<void> {
  for (const [width, viewport] of WIDTHS) {
    const { page, problems } = await tab(as, width, viewport);
    const before = problems.list.length;
    const where = `${path} @${width}`;
    const started = Date.now();
    try {
      await page.goto(`${e.t.baseUrl}${path}`);
      await ready(page, width);
      await scan(page, where, found);
      if (then) await then(page, width);
    } catch (error) {
      const shown = await page.locator('body').innerText().catch(() => '');
      // What the page asked for and when, so a page that never came up on a loaded machine says what it waited for.
      found.push({ where, line: `not scanned: ${(error as Error).message.split('\n')[0]}\n      the page showed: ${shown.slice(0, 400).replace(/\s+/g, ' ')}`
        + `\n      its requests: ${requestsSince(page, started)}` });
    }
    found.push(...problems.list.slice(before).map((p) => ({ where, line: p })));
  }
}

const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name }).waitFor();
const dialog = (name: string | RegExp) => (page: Page) => page.getByRole('dialog', { name }).waitFor();
/** The providers' scripts have loaded and drawn both buttons in the open modal. */
const socialButtons = async (page: Page) => {
  for (const name of ['Continue with Google', 'Continue with Facebook']) await page.getByRole('dialog').getByRole('button', { name }).waitFor();
};
const text = (t: string | RegExp) => (page: Page) => page.getByText(t).first().waitFor();

test('public pages: home, listing, lot, search, the sign-up modal, selling, 404', async () => {
  const found: Finding[] = [];
  const lot = lots[0];
  await scanAtBothWidths(found, '/', null, text(lots[1].title), async (page, width) => {
    // The sign-up modal, from the header (the drawer on a phone).
    if (width === '390') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sign up' }).click();
    } else {
      await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
    }
    await dialog(/sign up|create/i)(page);
    await socialButtons(page);
    await scan(page, `sign-up modal @${width}`, found);
    // The sign-in modal, from the sign-up modal's own link.
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).last().click();
    await dialog('Sign in')(page);
    await socialButtons(page);
    await scan(page, `sign-in modal @${width}`, found);
  });
  await scanAtBothWidths(found, '/auction', null, text(lots[3].title));
  await scanAtBothWidths(found, `/product/${lot.id}`, null, h1(lot.title));
  await scanAtBothWidths(found, '/search?search=islay', null, text(lots[1].title));
  await scanAtBothWidths(found, '/selling', null, (page) => page.getByRole('heading', { level: 1 }).waitFor());
  await scanAtBothWidths(found, '/no-such-page', null, h1('Page not found'));
  assertNone(found);
});

test('signed in: the listing and lot as a leading bidder, checkout with won lots, with every lot held (by transfer, by card) and with some held (its cancel dialog open), the orders page with a card order to cancel, the buyer\'s area, the staff close monitor', async () => {
  const found: Finding[] = [];
  await scanAtBothWidths(found, '/auction', who.bidder, text('Leading · reserve not met'));
  await scanAtBothWidths(found, `/product/${lots[0].id}`, who.bidder, h1(lots[0].title));
  await scanAtBothWidths(found, '/checkout', who.winner, h1('Payment Checkout'));
  // Every lot held by an order awaiting a bank transfer: "Nothing to pay for", naming the order that holds it.
  await scanAtBothWidths(found, '/checkout', who.bank, text('is awaiting payment and holds 1 lot.'));
  // A card order's lots held while its bank check is open: the notice with its cancel button.
  await scanAtBothWidths(found, '/checkout', who.inCheck, text('Cancel the order to have them back now.'));
  // Lots to pay for beside a held order: the notice at the foot of the sections, then its cancel dialog, open (kept).
  await scanAtBothWidths(found, '/checkout', who.partlyHeld, text('Not in this checkout:'), async (page, width) => {
    await page.getByRole('button', { name: /^Cancel order WA-/ }).click();
    const asked = page.getByRole('dialog', { name: /^Cancel order WA-.*\?$/ });
    await asked.waitFor();
    await scan(page, `cancel order dialog @${width}`, found);
    await asked.getByRole('button', { name: 'Keep the order' }).click();
    await asked.waitFor({ state: 'detached' });
  });
  // The same order on the orders page, opened: its row with Cancel order beside Print and Download PDF.
  await scanAtBothWidths(found, '/account/orders', who.inCheck, async (page) => {
    await page.getByRole('button', { name: /^Order WA-/ }).first().click();
    await page.getByRole('button', { name: /^Cancel order WA-/ }).waitFor();
  });
  await scanAtBothWidths(found, '/account/buyers-area', who.bidder, text(lots[0].title));
  // The staff close monitor, live: its figures and its five charts drawn.
  await scanAtBothWidths(found, '/staff?section=close-monitor', who.staff, async (page) => {
    await page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor();
    await page.locator('.close-chart canvas').nth(4).waitFor();
  });
  // The unpaid-lots notice the winner gets on any page but the checkout: once (it is then flagged read).
  await scanAtBothWidths(found, '/account/buyers-area', who.winner,
    (page, width) => (width === WIDTHS[0][0] ? dialog('Lots waiting for payment')(page) : page.getByRole('tab', { name: /Won/ }).waitFor()));
  assertNone(found);
});

test('card-payment result modals: the fee (failed, pending, paid with a bid waiting), a saved card, an order', async () => {
  const found: Finding[] = [];
  await scanAtBothWidths(found, returns.feeFailed, who.unpaid, text('Error! Error has occurred while processing Payment Card.'));
  await scanAtBothWidths(found, returns.feePending, who.unpaid, dialog('Payment pending'));
  await scanAtBothWidths(found, returns.feeWithBid, who.feeWithBid, dialog('Registration complete'), async (page, width) => {
    // Closing AuthSuccess brings the bid that was waiting: ConfirmBid.
    await page.getByRole('dialog', { name: 'Registration complete' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').getByText('£150').first().waitFor();
    await scan(page, `confirm bid @${width}`, found);
  });
  await scanAtBothWidths(found, returns.cardSaved, who.bidder, text('Payment card is added successfully'));
  await scanAtBothWidths(found, returns.cardFailed, who.bidder, dialog('Error'));
  await scanAtBothWidths(found, returns.orderPaid, who.paid, text('Order payment has been processed successfully'));
  await scanAtBothWidths(found, returns.orderFailed, who.winner, dialog('Error'));
  assertNone(found);
});

test('/checkout-success: paid, awaiting a bank transfer, cancelled, no order, a sell request', async () => {
  const found: Finding[] = [];
  const page = '/checkout-success?flow_type=checkout';
  await scanAtBothWidths(found, page, who.paid, text('Your order is paid'));
  await scanAtBothWidths(found, page, who.bank, text('Your order is waiting for its payment.'));
  await scanAtBothWidths(found, page, who.winner, text('Your card payment did not go through'));
  await scanAtBothWidths(found, page, who.bidder, text('There is no order to show here.'));
  await scanAtBothWidths(found, '/checkout-success?flow_type=sell-request', who.bidder, (p) => p.getByRole('heading', { level: 1 }).waitFor());
  assertNone(found);
});

test.run();
