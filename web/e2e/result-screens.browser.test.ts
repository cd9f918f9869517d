/**
 * Result screens say what the server says, not what the address claims (issue 18): a card-payment flag typed into
 * the address (`/?registration_fee=true`, `user_payment_cards=true`, `create_order=true`) shows no success, and
 * /checkout-success?flow_type=checkout for a user with no order says there is nothing to show and leaves the
 * unpaid-lots notice alone. The real flows (payments, checkout browser tests) still show their success.
 */
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import type { TestUser } from '../../services/testing/users';
import { wonLots } from '../../services/orders/testing';
import { assertNoProblems, logged, newContext, startE2E, user, watchProblems, type E2E } from './helpers';

let e: E2E;
let staff: TestUser;
let unpaid: TestUser;
let winner: TestUser;

const CLAIMS = /has been paid|Registration complete|Payment card is added successfully|Order payment has been processed successfully|Your order is paid/;

async function api(url: string, who: TestUser) {
  const res = await e.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.access}` } });
  return res.json();
}

/** Opens `path` signed in as `who`, waits for the page and its shell query to settle, and lists POSTs it made. */
async function visit(who: TestUser, path: string): Promise<{ page: Page; posts: string[]; close(): Promise<void> }> {
  const context = await newContext(e, undefined, who);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && !r.url().endsWith('/api/auth/refresh_token')) posts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${e.t.baseUrl}${path}`);
  await page.waitForURL((url) => !/registration_fee|user_payment_cards|create_order|payment=/.test(url.search));
  await page.waitForLoadState('networkidle');
  return { page, posts, async close() { assertNoProblems(problems); await context.close(); } };
}

test.before(logged(async () => {
  e = await startE2E();
  staff = await user(e, { staff: true, feePaid: true });
  const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  unpaid = await user(e, { firstName: 'Una', lastName: 'Paid' });
  winner = await user(e, { firstName: 'Wyn', lastName: 'Ner', feePaid: true });
  await wonLots(e.t, staff, winner, seller, [{ hammer: 5_000 }]);
}));

test.after(async () => {
  await e?.close();
});

test('/?registration_fee=true for a user who has not paid shows no "paid" claim', async () => {
  for (const query of ['registration_fee=true', `registration_fee=true&payment=${randomUUID()}`, 'registration_fee=true&lot=1&bid=20']) {
    const v = await visit(unpaid, `/?${query}`);
    assert.not.match(await v.page.locator('body').innerText(), CLAIMS, `no claim for ?${query}`);
    await v.close();
  }
  assert.is((await api('/api/registration_fee/', unpaid)).registration_fee_status, false);
});

test('user_payment_cards=true and create_order=true typed into the address claim nothing', async () => {
  for (const query of ['user_payment_cards=true', `create_order=true&payment=${randomUUID()}`]) {
    const v = await visit(unpaid, `/?${query}`);
    assert.not.match(await v.page.locator('body').innerText(), CLAIMS, `no claim for ?${query}`);
    await v.close();
  }
});

test('/checkout-success?flow_type=checkout with no order: no "Your order is paid", and the notice stays', async () => {
  const before = await api('/api/unpaid_lots_to_notify/', winner);
  assert.is(before.unpaid_lots_to_notify, true, 'the winner has an unpaid lot to be told about');
  for (const path of ['/checkout-success?flow_type=checkout', `/checkout-success?flow_type=checkout&create_order=true&payment=${randomUUID()}`]) {
    const v = await visit(winner, path);
    await v.page.getByText('There is no order to show here.').waitFor();
    assert.not.match(await v.page.locator('body').innerText(), CLAIMS, `no claim on ${path}`);
    assert.not.ok(v.posts.includes('/api/unpaid_lots_to_notify/'), 'the notice is not marked read');
    await v.close();
  }
  assert.is((await api('/api/unpaid_lots_to_notify/', winner)).unpaid_lots_to_notify, true, 'the notice is still due on the server');
});

test('a user whose fee the server has recorded is told so even without the payment in the address', async () => {
  const paid = await user(e, { firstName: 'Pat', lastName: 'Payer', feePaid: true });
  const v = await visit(paid, '/?registration_fee=true');
  await v.page.getByRole('dialog', { name: 'Registration complete' }).waitFor();
  await v.close();
});

test.run();
