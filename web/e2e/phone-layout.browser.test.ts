/**
 * The 390 px defects of issue 19, measured on the laid-out page (boxes and what is under a point, not screenshots):
 * a lot card's "Leading · reserve not met" badge clear of the heart button; the add-items page's two mode buttons
 * apart; the active settings section scrolled into view in the phone's strip of section links; the unpaid-lots notice
 * showing every lot (not a short scrolled box with half the screen empty below it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator } from 'playwright-core';
import type { TestUser } from '../../services/testing/users';
import { placeBid } from '../../services/catalogue/testing/fixtures';
import { lotStream } from '../../services/catalogue/streams';
import { wonLots } from '../../services/orders/testing';
import {
  assertNoProblems, liveAuctionWithLots, logged, newContext, PHONE, startE2E, user, watchProblems, type E2E,
} from './helpers';

let e: E2E;
let bidder: TestUser;
let winner: TestUser;
const UNPAID = 8;

test.before(logged(async () => {
  e = await startE2E();
  const staff = await user(e, { staff: true, feePaid: true });
  const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  bidder = await user(e, { firstName: 'Bea', lastName: 'Bidder', feePaid: true });
  winner = await user(e, { firstName: 'Wyn', lastName: 'Ner', feePaid: true });
  await wonLots(e.t, staff, winner, seller, Array.from({ length: UNPAID }, (_, i) => ({ hammer: 5_000 + i * 500 })));
  const [lot] = await liveAuctionWithLots(e, staff, seller, [
    { title: 'Springbank 21 Year Old', distillery: { name: 'Springbank', region: 'Campbeltown' }, reserve_price: '900.00' },
  ]);
  await placeBid(e.t, lot.id, bidder.id, 20_000);
  await projected(lot.id);
}));

/** The read models have the lot's last event (lotProjected, with a longer cap: a loaded machine's projections lag). */
async function projected(lotId: string): Promise<void> {
  const last = (await e.t.ctx.store.readStream(lotStream(lotId))).at(-1);
  if (last) await e.t.ctx.projections.waitFor({ transaction_id: last.transaction_id, position: last.position }, 60_000);
}

test.after(async () => {
  await e?.close();
});

async function openPhone(who: TestUser, path: string) {
  const context = await newContext(e, PHONE, who);
  // A loaded shared machine can take more than UI_TIMEOUT for a page's first data; still waits for states.
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}${path}`);
  return { page, async close() { assertNoProblems(problems); await context.close(); } };
}

async function box(l: Locator) {
  const b = await l.boundingBox();
  assert.ok(b, 'the element is laid out');
  return b!;
}

/** Whether the topmost element at (x, y) is `l`'s element or inside it (nothing covers it there). */
function hitsAt(l: Locator, x: number, y: number): Promise<boolean> {
  return l.evaluate((el, [px, py]) => {
    const top = document.elementFromPoint(px, py);
    return !!top && (top === el || el.contains(top));
  }, [x, y] as const);
}

test('390 px: the "Leading · reserve not met" badge is clear of the heart button and wholly visible', async () => {
  const v = await openPhone(bidder, '/auction');
  const card = v.page.getByRole('article').filter({ hasText: 'Springbank 21 Year Old' });
  const badge = card.getByText('Leading · reserve not met');
  await badge.waitFor();
  const heart = card.locator('.lot-card__watch button');
  const [b, h, c] = [await box(badge), await box(heart), await box(card)];
  assert.ok(b.x + b.width <= h.x - 4, `the badge (right edge ${b.x + b.width}) ends before the heart (left edge ${h.x})`);
  assert.ok(b.x >= c.x && b.x + b.width <= c.x + c.width, 'the badge stays inside its card');
  // Its last word is not under the heart: what is on top there is not the button. (The card's link covers the whole
  // card, badge included, on purpose: the card is one click target.)
  assert.not.ok(await hitsAt(heart, b.x + b.width - 4, b.y + b.height / 2), 'the heart is not over the end of the badge');
  await v.close();
});

test('390 px: the add-items page\'s two mode buttons have a gap between them', async () => {
  const v = await openPhone(bidder, '/account/my-collection/add-items');
  const first = v.page.getByRole('tab', { name: 'From the catalogue' });
  const second = v.page.getByRole('tab', { name: 'Describe it by hand' });
  await second.waitFor();
  const [a, b] = [await box(first), await box(second)];
  const sameRow = Math.abs(a.y - b.y) < a.height / 2;
  const gap = sameRow ? b.x - (a.x + a.width) : b.y - (a.y + a.height);
  assert.ok(gap >= 8, `at least 8 px between the buttons (${gap.toFixed(1)} px, ${sameRow ? 'side by side' : 'stacked'})`);
  await v.close();
});

test('390 px: the active settings section is scrolled into view in the strip of section links', async () => {
  for (const [section, label] of [['seller-payment', 'Seller payment'], ['cards', 'Payment cards'], ['notifications', 'Notifications']]) {
    const v = await openPhone(bidder, `/account/settings?section=${section}`);
    const strip = v.page.getByRole('navigation', { name: 'Settings sections' }).getByRole('list');
    const active = strip.getByRole('link', { name: label });
    await active.waitFor();
    assert.is(await active.getAttribute('aria-current'), 'page');
    // The strip scrolls sideways (its links are wider than the phone): the test means something only then.
    assert.ok(await strip.evaluate((el) => el.scrollWidth > el.clientWidth), 'the section links overflow their strip');
    await v.page.waitForFunction(([el, link]) => {
      const s = el!.getBoundingClientRect();
      const a = link!.getBoundingClientRect();
      return a.left >= s.left - 0.5 && a.right <= s.right + 0.5;
    }, [await strip.elementHandle(), await active.elementHandle()] as const);
    const a = await box(active);
    assert.ok(await hitsAt(active, a.x + a.width / 2, a.y + a.height / 2), `"${label}" is on screen, not covered`);
    await v.close();
  }
});

test('390 px: the unpaid-lots notice in the buyer\'s area shows every lot and its buttons on one screen', async () => {
  const v = await openPhone(winner, '/account/buyers-area');
  const dialog = v.page.getByRole('dialog', { name: 'Lots waiting for payment' });
  const list = dialog.getByRole('list', { name: 'Unpaid lots' });
  await list.getByRole('listitem').nth(UNPAID - 1).waitFor();
  const items = list.getByRole('listitem');
  assert.is(await items.count(), UNPAID);
  for (let i = 0; i < UNPAID; i++) {
    const b = await box(items.nth(i));
    assert.ok(await hitsAt(items.nth(i), b.x + 10, b.y + b.height / 2), `lot ${i + 1} of ${UNPAID} is visible, not clipped`);
  }
  const checkout = dialog.getByRole('link', { name: 'Go to checkout' });
  const c = await box(checkout);
  assert.ok(c.y + c.height <= PHONE.height, 'Go to checkout is on the first screen');
  assert.ok(await hitsAt(checkout, c.x + c.width / 2, c.y + c.height / 2), 'Go to checkout is not covered');
  await v.close();
});

test.run();
