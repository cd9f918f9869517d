import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { walletStream } from '../../domain/wallet/events';
import { awaitWalletProjected, runWalletCommand } from './wallet-commands';
import { call, pdfText } from './testing';
import { loseAnswer } from '../testing/lost-answers';

let t: TestApp;
let staff: TestUser;
let isla: TestUser;
let ivor: TestUser;

test.before(async () => {
  t = await startTestApp();
  staff = await createTestUser(t, { staff: true, firstName: 'Sam', lastName: 'Staff' });
  isla = await createTestUser(t, { email: 'isla.grant@whisky.test', firstName: 'Isla', lastName: 'Grant' });
  ivor = await createTestUser(t, { email: 'ivor@whisky.test', firstName: 'Ivor', lastName: 'Munro' });
});

test.after(async () => {
  await t.close();
});

const adjust = (user: TestUser, body: unknown, key?: string) => call(t, 'POST', `/api/staff/wallets/${user.id}/adjustments/`, body, { user: staff, key });
const setOverdraft = (user: TestUser, body: unknown, key?: string) => call(t, 'POST', `/api/staff/wallets/${user.id}/overdraft/`, body, { user: staff, key });
const wallet = async (user: TestUser) => (await call(t, 'GET', '/api/user_wallet/', undefined, { user })).json();
const transactions = async (user: TestUser, type = 'all', query = '') => (await call(t, 'GET', `/api/transactions/${type}/${query}`, undefined, { user })).json();
const streamLength = async (user: TestUser) => (await t.ctx.store.readStream(walletStream(user.id), 0)).length;

/** Runs a wallet command as another slice would (withdrawals), then waits for the read model. */
async function run(user: TestUser, command: Record<string, unknown>) {
  const outcome = await runWalletCommand(t.ctx, user.id, { user_id: user.id, now: t.clock.now().toISOString(), ...command } as never);
  await awaitWalletProjected(t.ctx, outcome.append);
  return outcome;
}

test('anonymous callers get 401 and non-staff 403 on every wallet call', async () => {
  for (const url of ['/api/user_wallet/', '/api/transactions/all/', `/api/transactions/${randomUUID()}/receipt_pdf/`, '/api/staff/wallets/', `/api/staff/wallets/${isla.id}/`]) {
    const res = await call(t, 'GET', url);
    assert.equal([url, res.statusCode, res.json()], [url, 401, { detail: 'Authentication credentials were not provided.' }]);
  }
  for (const [method, url] of [['GET', '/api/staff/wallets/'], ['GET', `/api/staff/wallets/${isla.id}/`], ['POST', `/api/staff/wallets/${isla.id}/overdraft/`], ['POST', `/api/staff/wallets/${isla.id}/adjustments/`]] as const) {
    const res = await call(t, method, url, method === 'POST' ? { direction: 'credit', amount: '5.00', limit: '5.00', reason: 'x' } : undefined, { user: isla });
    assert.equal([url, res.statusCode, res.json()], [url, 403, { detail: 'You do not have permission to perform this action.' }]);
    const anonymous = await call(t, method, url, method === 'POST' ? {} : undefined);
    assert.is(anonymous.statusCode, 401);
  }
  assert.is(await streamLength(isla), 0, 'nothing was written');
});

test('a user without wallet events has a zero wallet', async () => {
  assert.equal(await wallet(ivor), {
    id: ivor.id, balance: '0.00', balance_incl_pending: '0.00', overdraft_remaining: '0.00', overdraft_limit: '0.00', currency: 'GBP',
  });
  assert.equal(await transactions(ivor), { count: 0, next: null, previous: null, total_pages: 1, results: [] });
});

test('a staff credit answers 201 with the transaction and the wallet, and shows in the user wallet', async () => {
  const res = await adjust(isla, { direction: 'credit', amount: '125.50', reason: 'Goodwill after a late delivery' });
  assert.is(res.statusCode, 201);
  const body = res.json();
  assert.equal({ ...body.transaction, id: '-', date: '-', created_at: '-' }, {
    id: '-', date: '-', created_at: '-', type: 'credit', kind: 'adjustment', description: 'Credit from the house', amount: '125.50', balance: '125.50',
    reference: null, status: 'completed', by: staff.id, reason: 'Goodwill after a late delivery',
  });
  assert.equal(body.wallet, {
    user_id: isla.id, email: 'isla.grant@whisky.test', first_name: 'Isla', last_name: 'Grant', balance: '125.50', balance_incl_pending: '125.50',
    overdraft_limit: '0.00', overdraft_remaining: '0.00', id: isla.id, pending: '0.00', currency: 'GBP', updated_at: t.clock.now().toISOString(),
  });
  assert.equal(await wallet(isla), {
    id: isla.id, balance: '125.50', balance_incl_pending: '125.50', overdraft_remaining: '0.00', overdraft_limit: '0.00', currency: 'GBP',
  });
  const [event] = await t.ctx.store.readStream(walletStream(isla.id), 0);
  assert.equal([event.type, (event.data as { by: string }).by, event.metadata.user_id], ['WalletCredited', staff.id, staff.id]);
});

test('holds, captures and releases: balances, the transactions list by type, newest first, paged', async () => {
  t.clock.advance(60_000);
  await run(isla, { type: 'DebitWallet', entry_id: 'checkout-1', amount_pence: 2550, kind: 'checkout', description: 'Used at checkout', reference: 'ORDER-77', by: isla.id, reason: null });
  t.clock.advance(60_000);
  await run(isla, { type: 'PlaceHold', hold_id: 'wd-1', amount_pence: 4000, purpose: 'withdrawal', description: 'Withdrawal to bank ****1234', reference: 'W-1', allow_overdraft: false });
  t.clock.advance(60_000);
  await run(isla, { type: 'PlaceHold', hold_id: 'wd-2', amount_pence: 1000, purpose: 'withdrawal', description: 'Withdrawal to bank ****1234', reference: 'W-2', allow_overdraft: false });
  assert.equal(await wallet(isla), {
    id: isla.id, balance: '50.00', balance_incl_pending: '100.00', overdraft_remaining: '0.00', overdraft_limit: '0.00', currency: 'GBP',
  });
  const pendingList = await transactions(isla, 'pending');
  assert.equal(pendingList.results.map((r: { id: string; amount: string; balance: string; status: string }) => [r.id, r.amount, r.balance, r.status]), [
    ['wd-2', '-10.00', '100.00', 'pending'], ['wd-1', '-40.00', '100.00', 'pending'],
  ]);

  t.clock.advance(60_000);
  await run(isla, { type: 'CaptureHold', hold_id: 'wd-1', by: staff.id, reference: 'BACS-991' });
  t.clock.advance(60_000);
  await run(isla, { type: 'ReleaseHold', hold_id: 'wd-2', reason: 'Rejected: details did not match', by: staff.id });
  assert.equal(await wallet(isla), {
    id: isla.id, balance: '60.00', balance_incl_pending: '60.00', overdraft_remaining: '0.00', overdraft_limit: '0.00', currency: 'GBP',
  });

  const all = await transactions(isla);
  assert.is(all.count, 4);
  // A settled withdrawal moves to the time it was settled; the balance after is the posted balance then.
  assert.equal(all.results.map((r: Record<string, string>) => [r.id, r.type, r.kind, r.amount, r.balance, r.status, r.reference]), [
    ['wd-2', 'withdrawal', 'withdrawal', '-10.00', '60.00', 'released', 'W-2'],
    ['wd-1', 'withdrawal', 'withdrawal', '-40.00', '60.00', 'completed', 'BACS-991'],
    ['checkout-1', 'debit', 'checkout', '-25.50', '100.00', 'completed', 'ORDER-77'],
    [all.results[3].id, 'credit', 'adjustment', '125.50', '125.50', 'completed', null],
  ]);
  assert.equal(Object.keys(all.results[0]).sort(), ['amount', 'balance', 'date', 'description', 'id', 'kind', 'reference', 'status', 'type']);
  assert.is(all.results[1].date, new Date(Date.parse('2026-11-21T12:00:00.000Z') + 4 * 60_000).toISOString());

  assert.equal((await transactions(isla, 'credits')).results.map((r: { type: string }) => r.type), ['credit']);
  assert.equal((await transactions(isla, 'debits')).results.map((r: { id: string }) => r.id), ['checkout-1']);
  assert.equal((await transactions(isla, 'withdrawals')).results.map((r: { id: string }) => r.id), ['wd-2', 'wd-1']);
  assert.is((await transactions(isla, 'pending')).count, 0);

  const page2 = await transactions(isla, 'all', '?page=2&page_size=3');
  assert.equal([page2.count, page2.total_pages, page2.next, page2.previous, page2.results.length], [4, 2, null, '/api/transactions/all/?page=1&page_size=3', 1]);
  const page1 = await transactions(isla, 'all', '?page_size=3');
  assert.is(page1.next, '/api/transactions/all/?page_size=3&page=2');
});

test('the default page holds 20 transactions', async () => {
  for (let i = 0; i < 21; i++) await run(ivor, { type: 'CreditWallet', entry_id: `refund-${i}`, amount_pence: 100, kind: 'refund', description: `Refund ${i}`, reference: null, by: 'system', reason: null });
  const first = await transactions(ivor);
  assert.equal([first.count, first.results.length, first.total_pages, first.results[0].id], [21, 20, 2, 'refund-20']);
  assert.is((await wallet(ivor)).balance, '21.00');
});

test('bad input answers 400 with field messages and changes nothing', async () => {
  const before = await streamLength(isla);
  const cases: [unknown, Record<string, string[]>][] = [
    [{}, { direction: ['Choose credit or debit.'], amount: ['This field is required'], reason: ['This field is required'] }],
    [{ direction: 'up', amount: 'abc', reason: ' ' }, { direction: ['Choose credit or debit.'], amount: ['Enter a valid amount, e.g. 25.00'], reason: ['This field is required'] }],
    [{ direction: 'credit', amount: '0.00', reason: 'x' }, { amount: ['Amount must be greater than 0'] }],
    [{ direction: 'credit', amount: '-5', reason: 'x' }, { amount: ['Amount must be greater than 0'] }],
    [{ direction: 'credit', amount: '1.234', reason: 'x' }, { amount: ['Enter a valid amount, e.g. 25.00'] }],
    // A mistyped amount (extra zeros): at most what a lot can sell for.
    [{ direction: 'credit', amount: '10000000.01', reason: 'x' }, { amount: ['The amount cannot be more than £10,000,000.'] }],
    [{ direction: 'debit', amount: '900000000000', reason: 'x' }, { amount: ['The amount cannot be more than £10,000,000.'] }],
  ];
  for (const [body, fields] of cases) {
    const res = await adjust(isla, body);
    assert.equal([res.statusCode, res.json()], [400, fields], JSON.stringify(body));
  }
  for (const [body, fields] of [
    [{ limit: '-10', reason: 'x' }, { limit: ['The overdraft limit cannot be negative.'] }],
    [{ limit: 'ten', reason: '' }, { limit: ['Enter a valid amount, e.g. 25.00'], reason: ['This field is required'] }],
    [{ limit: '10000000.01', reason: 'x' }, { limit: ['The amount cannot be more than £10,000,000.'] }],
  ] as const) {
    const res = await setOverdraft(isla, body);
    assert.equal([res.statusCode, res.json()], [400, fields]);
  }
  const badType = await call(t, 'GET', '/api/transactions/everything/', undefined, { user: isla });
  assert.equal([badType.statusCode, badType.json()], [400, { type: ['Choose one of: all, credits, debits, withdrawals, pending.'] }]);
  const badPage = await call(t, 'GET', '/api/transactions/all/?page=0', undefined, { user: isla });
  assert.equal([badPage.statusCode, badPage.json()], [400, { page: ['Enter a page number.'] }]);
  assert.is(await streamLength(isla), before);
  assert.is((await wallet(isla)).balance, '60.00');
});

test('unknown users are 404 on staff calls', async () => {
  for (const id of [randomUUID(), 'not-a-uuid']) {
    const get = await call(t, 'GET', `/api/staff/wallets/${id}/`, undefined, { user: staff });
    assert.equal([get.statusCode, get.json()], [404, { detail: 'User not found.' }]);
    const post = await call(t, 'POST', `/api/staff/wallets/${id}/adjustments/`, { direction: 'credit', amount: '5', reason: 'x' }, { user: staff });
    assert.is(post.statusCode, 404);
  }
});

test('overdraft: staff grant it, a debit may use it and no more, and it cannot be cut below the debt', async () => {
  const granted = await setOverdraft(isla, { limit: '50', reason: 'Regular buyer' });
  assert.is(granted.statusCode, 200);
  assert.equal([granted.json().overdraft_limit, granted.json().overdraft_remaining, granted.json().balance], ['50.00', '50.00', '60.00']);
  assert.equal(await wallet(isla), {
    id: isla.id, balance: '60.00', balance_incl_pending: '60.00', overdraft_remaining: '50.00', overdraft_limit: '50.00', currency: 'GBP',
  });
  const before = await streamLength(isla);
  const tooMuch = await adjust(isla, { direction: 'debit', amount: '110.01', reason: 'Storage' });
  assert.equal([tooMuch.statusCode, tooMuch.json()], [400, { detail: 'The wallet does not have enough funds: at most £110 can be debited.' }]);
  assert.is(await streamLength(isla), before);

  const debt = await adjust(isla, { direction: 'debit', amount: '80', reason: 'Storage fees owed' });
  assert.is(debt.statusCode, 201);
  assert.equal([debt.json().transaction.amount, debt.json().transaction.description, debt.json().transaction.balance], ['-80.00', 'Charge by the house', '-20.00']);
  assert.equal(await wallet(isla), {
    id: isla.id, balance: '-20.00', balance_incl_pending: '-20.00', overdraft_remaining: '30.00', overdraft_limit: '50.00', currency: 'GBP',
  });
  const cut = await setOverdraft(isla, { limit: '19.99', reason: 'Review' });
  assert.equal([cut.statusCode, cut.json()], [400, { detail: 'The overdraft cannot be lower than the current debt of £20.' }]);
  const toDebt = await setOverdraft(isla, { limit: '20', reason: 'Review' });
  assert.equal([toDebt.statusCode, toDebt.json().overdraft_remaining], [200, '0.00']);
  const [last] = (await t.ctx.store.readStream(walletStream(isla.id), 0)).slice(-1);
  assert.equal(last.data, { user_id: isla.id, limit_pence: 2000, previous_limit_pence: 5000, by: staff.id, reason: 'Review', at: t.clock.now().toISOString() });

  const detail = (await call(t, 'GET', `/api/staff/wallets/${isla.id}/`, undefined, { user: staff })).json();
  assert.equal([detail.balance, detail.overdraft_limit, detail.transactions.length, detail.transactions[0].reason], ['-20.00', '20.00', 5, 'Storage fees owed']);
});

test('staff list wallets, searchable, with balances', async () => {
  const all = (await call(t, 'GET', '/api/staff/wallets/', undefined, { user: staff })).json();
  assert.is(all.count, 3);
  const found = (await call(t, 'GET', '/api/staff/wallets/?search=GRANT', undefined, { user: staff })).json();
  assert.equal(found.results, [{
    user_id: isla.id, email: 'isla.grant@whisky.test', first_name: 'Isla', last_name: 'Grant', balance: '-20.00', balance_incl_pending: '-20.00',
    overdraft_limit: '20.00', overdraft_remaining: '0.00',
  }]);
  const staffRow = all.results.find((r: { user_id: string }) => r.user_id === staff.id);
  assert.equal([staffRow.balance, staffRow.overdraft_limit], ['0.00', '0.00']);
});

test('an Idempotency-Key on an adjustment: a retry replays the first answer and credits once', async () => {
  const key = `adj-${randomUUID()}`;
  const body = { direction: 'credit', amount: '7.00', reason: 'Refund of postage' };
  const first = await adjust(ivor, body, key);
  const again = await adjust(ivor, body, key);
  assert.equal([first.statusCode, again.statusCode], [201, 201]);
  assert.equal(again.json(), first.json());
  assert.is(again.headers['idempotent-replayed'], 'true');
  assert.is(first.headers['idempotent-replayed'], undefined);
  assert.is((await wallet(ivor)).balance, '28.00');
  const reused = await adjust(ivor, { ...body, amount: '8.00' }, key);
  assert.is(reused.statusCode, 409);
  assert.is((await wallet(ivor)).balance, '28.00');
});

test('two concurrent adjustments with one key credit once', async () => {
  const key = `adj-${randomUUID()}`;
  const body = { direction: 'credit', amount: '3.00', reason: 'Concurrent retry' };
  const before = await streamLength(ivor);
  const [a, b] = await Promise.all([adjust(ivor, body, key), adjust(ivor, body, key)]);
  assert.equal([a.statusCode, b.statusCode], [201, 201]);
  assert.equal(a.json(), b.json());
  assert.is(await streamLength(ivor), before + 1);
  assert.is((await wallet(ivor)).balance, '31.00');
});

test('a debit whose answer was lost after its commit: the retry answers that debit, even once the funds are gone', async () => {
  const key = `adj-${randomUUID()}`;
  const body = { direction: 'debit', amount: '31.00', reason: 'Storage fees' };
  const first = await adjust(ivor, body, key);
  assert.is(first.statusCode, 201, first.body);
  await loseAnswer(t, key);
  // The wallet is empty now: a new debit of the same amount would be refused; the resumed one records nothing.
  const retry = await adjust(ivor, body, key);
  assert.is(retry.statusCode, 201, retry.body);
  assert.is(retry.headers['idempotent-replayed'], undefined, 'carried on, not replayed');
  assert.equal(retry.json().transaction, first.json().transaction);
  assert.is((await wallet(ivor)).balance, '0.00', 'debited once');
  const fresh = await adjust(ivor, body, `adj-${randomUUID()}`);
  assert.is(fresh.statusCode, 400, 'a new key is a new debit, and the funds are gone');
});

test('a refused request with a key stores nothing: the same key may be used again', async () => {
  const key = `ovd-${randomUUID()}`;
  const refused = await setOverdraft(isla, { limit: '1', reason: 'Too low' }, key);
  assert.is(refused.statusCode, 400);
  // Had the refusal been stored, another body with this key would be a 409.
  const ok = await setOverdraft(isla, { limit: '25', reason: 'Raised' }, key);
  assert.equal([ok.statusCode, ok.json().overdraft_limit, ok.headers['idempotent-replayed']], [200, '25.00', undefined]);
});

test('a receipt PDF of the user\'s own transaction carries the house, customer, amount, description, reference and balance', async () => {
  const res = await call(t, 'GET', '/api/transactions/checkout-1/receipt_pdf/', undefined, { user: isla });
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.is(body.mime_type, 'application/pdf');
  assert.match(body.filename, /^receipt-WR-[0-9A-F]{8}-000002\.pdf$/);
  assert.ok(Buffer.from(body.file, 'base64').subarray(0, 5).toString() === '%PDF-', 'a real PDF');
  const text = pdfText(body.file).replace(/[ \t]+/g, ' ');
  for (const expected of [
    'Hartley & Reid Whisky Auctions', 'Wallet receipt', `WR-${isla.id.slice(0, 8).toUpperCase()}-000002`, 'Isla Grant', 'isla.grant@whisky.test',
    'Debit (Used at checkout)', 'Used at checkout', '-£25.50', 'ORDER-77', 'Completed', 'Wallet balance after £100.00', '21 November 2026',
  ]) assert.ok(text.includes(expected), `receipt shows "${expected}":\n${text}`);

  const withdrawal = pdfText((await call(t, 'GET', '/api/transactions/wd-1/receipt_pdf/', undefined, { user: isla })).json().file);
  assert.match(withdrawal, /Withdrawal to bank \*\*\*\*1234/);
  assert.match(withdrawal, /BACS-991/);
  assert.match(withdrawal, /-£40\.00/);
});

test('another user\'s receipt, or an unknown one, is 404', async () => {
  for (const [user, id] of [[ivor, 'checkout-1'], [ivor, 'wd-1'], [isla, 'refund-1'], [isla, randomUUID()]] as const) {
    const res = await call(t, 'GET', `/api/transactions/${id}/receipt_pdf/`, undefined, { user });
    assert.equal([id, res.statusCode, res.json()], [id, 404, { detail: 'Not found.' }]);
  }
});

test.run();
