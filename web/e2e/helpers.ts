/**
 * Shared pieces of the browser tests: the served app with a real Chromium, signed-in browser contexts, a live
 * auction with lots made through the staff API, and a watch on every page for script errors and failed calls.
 */
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startServedApp, type BrowserSession, type ServedApp } from '../../services/testing/browser';
import { createTestUser, type TestUser, type TestUserOptions } from '../../services/testing/users';
import { consignLot, createAuction, type LotInput } from '../../services/catalogue/testing/fixtures';
import { lotStream } from '../../services/catalogue/streams';
import type { BidPlaced } from '../../domain/catalogue/lot/events';
import { openSession } from '../../services/accounts/sessions';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, SESSION_HINT_COOKIE } from '../../services/accounts/refresh-cookie';

/**
 * Waits in these tests are for things a person would see at once; a stuck page fails in seconds, not minutes. 20 s,
 * not 10: a CI machine's two cores shared with a PostgreSQL and Chromium took more than 10 s for a page now and then.
 * A wait ends as soon as its state is there, so a passing test pays nothing for it.
 */
export const UI_TIMEOUT = 20_000;

/**
 * Reads a state outside the page (the API, the store, a counter) every 100 ms until `ok` holds for it, and answers
 * it; after `ms`, fails naming `what` and the last value read.
 */
export async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = UI_TIMEOUT): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export interface E2E {
  t: ServedApp;
  browser: BrowserSession;
  close(): Promise<void>;
}

/** The whole app (API, websockets, workers, built client) on a fresh database, and Chromium; `options` as startTestApp's. */
export async function startE2E(options: Parameters<typeof startServedApp>[0] = {}): Promise<E2E> {
  const t = await startServedApp(options);
  const browser = await launchBrowser();
  return {
    t, browser,
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

/**
 * uvu swallows an error thrown by a `before` hook (the file just reports 0 passed): print it, then fail as usual.
 */
export function logged(hook: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await hook();
    } catch (error) {
      console.error('test setup failed:', error);
      throw error;
    }
  };
}

export interface PageProblems {
  /** Uncaught exceptions, console errors and API answers of 500 and over, as they happened. */
  list: string[];
}

/** Records what should never happen on a page: script errors and server errors behind the user's back. */
/** Chromium's console messages about a policy header it could not read (an unknown feature, a bad directive). */
const HEADER_WARNING = /Permissions-Policy|Content-Security-Policy|Feature-Policy/i;

export function watchProblems(page: Page): PageProblems {
  const problems: PageProblems = { list: [] };
  page.on('pageerror', (e) => problems.list.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.list.push(`console error: ${m.text()}`);
    // The browser could not read one of our security headers (a warning, not an error): every page would say so.
    else if (HEADER_WARNING.test(m.text())) problems.list.push(`header warning: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 500) problems.list.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return problems;
}

export function assertNoProblems(problems: PageProblems): void {
  assert.equal(problems.list, [], 'no script errors or server errors on the page');
}

/**
 * A browser context, optionally signed in as `user`: a session of its own (so no two contexts ever present one
 * refresh token, which the server would take for theft) in the HttpOnly refresh cookie the server's sign-in sets.
 * The page then gets its access token as after any reload: by the cookie.
 */
export async function newContext(e: E2E, viewport = DESKTOP, user?: TestUser, opts: { consentGiven?: boolean } = {}): Promise<BrowserContext> {
  const context = await e.browser.newContext(viewport);
  context.setDefaultTimeout(UI_TIMEOUT);
  // The cookie banner is answered once per browser; most tests are about other things.
  if (opts.consentGiven !== false) {
    await context.addInitScript(() => {
      try { localStorage.setItem('cookie-consent', 'seen'); } catch { /* storage off */ }
    });
  }
  if (user) await signInContext(e, context, user);
  return context;
}

/** Puts a fresh session's refresh token (and its readable hint) in the context's cookie jar, as the server's login answer would. */
export async function signInContext(e: E2E, context: BrowserContext, who: { id: string }): Promise<void> {
  const session = await openSession(e.t.ctx, { id: who.id, is_staff: false }, true);
  const { hostname } = new URL(e.t.baseUrl);
  const expires = Math.floor(Date.now() / 1000) + 30 * 86400;
  await context.addCookies([
    { name: REFRESH_COOKIE, value: session.refresh, domain: hostname, path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'Strict', expires },
    { name: SESSION_HINT_COOKIE, value: '1', domain: hostname, path: '/', sameSite: 'Strict', expires },
  ]);
}

/** The context's refresh cookie (HttpOnly: only the browser and the server see it), or undefined. */
export async function refreshCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === REFRESH_COOKIE && c.value);
}

export const user = (e: E2E, opts: TestUserOptions = {}) => createTestUser(e.t, opts);

export interface LiveLot { id: string; reference_no: string; title: string }

/** A live auction (started an hour ago on the server clock, ends in a week) holding the given lots. */
export async function liveAuctionWithLots(e: E2E, staff: TestUser, seller: TestUser, lots: LotInput[]): Promise<LiveLot[]> {
  const auction = await createAuction(e.t, staff);
  const made: LiveLot[] = [];
  for (const input of lots) {
    const lot = await consignLot(e.t, staff, auction.id, seller.id, input);
    made.push({ id: lot.id, reference_no: lot.reference_no, title: input.title ?? 'Macallan 18' });
  }
  return made;
}

export interface TwoBidders { e: E2E; alice: TestUser; bob: TestUser; lot: LiveLot }

/**
 * The served app with one live lot (consigned by Sandy Seller through a staff user) and two signed-up bidders who
 * have paid the membership fee, Alice Grant and Bob Baxter: the setup of the tests where one outbids the other.
 */
export async function startTwoBidders(input: LotInput): Promise<TwoBidders> {
  const e = await startE2E();
  try {
    const staff = await user(e, { staff: true, feePaid: true });
    const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
    const alice = await user(e, { firstName: 'Alice', lastName: 'Grant', feePaid: true });
    const bob = await user(e, { firstName: 'Bob', lastName: 'Baxter', feePaid: true });
    const [lot] = await liveAuctionWithLots(e, staff, seller, [input]);
    return { e, alice, bob, lot };
  } catch (error) {
    await e.close();
    throw error;
  }
}

/** The path and query of the newest emailed link carrying `?name=`, to open on the test server. */
export async function emailedLink(e: E2E, to: string, name: 'submit_token' | 'reset_token'): Promise<string> {
  const res = await e.t.app.inject({ method: 'GET', url: `/api/dev/mailbox/?to=${encodeURIComponent(to)}` });
  for (const mail of res.json() as { text: string }[]) {
    const match = new RegExp(`https?://[^\\s"]+?(/\\?${name}=[\\w-]+)`).exec(mail.text);
    if (match) return match[1];
  }
  throw new Error(`no email to ${to} with ${name}`);
}

/**
 * The bids the lot's stream holds. A bid's answer comes once its event is committed (the read models follow a
 * moment later), so this is what the server has really accepted when the page shows the answer.
 */
export async function placedBids(e: E2E, lotId: string): Promise<BidPlaced['data'][]> {
  const events = await e.t.ctx.store.readStream(lotStream(lotId));
  return events.filter((ev) => ev.type === 'BidPlaced').map((ev) => ev.data as BidPlaced['data']);
}

/**
 * Resolves once the page's signed-in /ws/lots/ socket (the one opened with the access token, which carries the
 * user's own bid updates) has said hello. Call it before the navigation: a change made before the socket is up
 * reaches the page only through its next full load, which is not what a live test is about.
 */
export function liveLotsReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!/\/ws\/lots\/\?.*\btoken=/.test(ws.url())) return;
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"hello"')) resolve();
      });
    });
  });
}

/**
 * Waits until the read models have seen everything the lot's stream holds. Commands answer once their events are
 * committed and the projections follow a moment later: a page that reads lists right after must wait for that.
 */
export async function lotProjected(e: E2E, lotId: string): Promise<void> {
  const last = (await e.t.ctx.store.readStream(lotStream(lotId))).at(-1);
  if (last) await e.t.ctx.projections.waitFor({ transaction_id: last.transaction_id, position: last.position });
}

/**
 * The page needs no sideways scroll at its current viewport. Right after a viewport change the page may not have laid
 * out at the new width yet (seen on a loaded CI machine), so this waits until the window reports the viewport's width
 * and two frames have been painted, polls briefly, and then names what sticks out when it fails.
 */
export async function assertNoSidewaysScroll(page: Page, what = 'the page'): Promise<void> {
  const width = page.viewportSize()?.width;
  if (width) await page.waitForFunction((w) => window.innerWidth === w, width, { timeout: UI_TIMEOUT });
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await page.waitForFunction(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth, undefined, { timeout: 3_000 })
    .catch(() => undefined);
  const { overflow, wide } = await page.evaluate(() => {
    const view = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > view + 0.5)
      .slice(0, 6).map((el) => `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')}`);
    return { overflow: document.documentElement.scrollWidth - view, wide };
  });
  assert.ok(overflow <= 0, `no sideways scroll of ${what} at ${width}px (overflow ${overflow}px: ${wide.join(', ')})`);
}
