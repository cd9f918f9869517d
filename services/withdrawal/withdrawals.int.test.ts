import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rebuildAndCompare } from '../../projections/rebuild';
import { withdrawalsProjection } from '../../projections/withdrawal/withdrawals-projection';
import { payoutMethodsProjection } from '../../projections/withdrawal/payout-methods-projection';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { addMethod, advance, api, codeFromMail, fund, grantAccess, mailCount, wallet } from './testing';
import { sweepUnconfirmedWithdrawals } from './withdrawal-sweeper';
import { loseAnswer } from '../testing/lost-answers';

let t: TestApp;
let staff: TestUser & { staff: true };
let isla: TestUser;
let ivor: TestUser;
let islaMethod: string;
let ivorMethod: string;

const CODE_SUBJECT = 'Your withdrawal code';

test.before(async () => {
  t = await startTestApp();
  staff = { ...(await createTestUser(t, { email: 'cashier@whisky.test', staff: true })), staff: true };
  isla = await createTestUser(t, { email: 'isla.withdraw@whisky.test', firstName: 'Isla' });
  ivor = await createTestUser(t, { email: 'ivor.withdraw@whisky.test', firstName: 'Ivor' });
  await grantAccess(t, isla);
  await grantAccess(t, ivor);
  islaMethod = await addMethod(t, isla);
  ivorMethod = await addMethod(t, ivor);
});

test.after(async () => {
  await t.close();
});

const withdraw = (user: TestUser, body: Record<string, unknown>, key?: string) =>
  api(t, 'POST', '/api/withdraw/', user, body, key ? { 'idempotency-key': key } : {});
const verify = (user: TestUser, id: string, code: string) => api(t, 'POST', `/api/withdraw/${id}/verify/`, user, { code });
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
const myWithdrawals = async (user: TestUser) => (await api(t, 'GET', '/api/withdraw/', user)).json();
const later = (ms: number) => advance(t, ms, staff, isla, ivor);

test('request, confirm with the emailed code, pay out: the hold, then the capture', async () => {
  await fund(t, isla, 10_000);
  assert.equal(await wallet(t, isla), { balance: '100.00', balance_incl_pending: '100.00' });

  const res = await withdraw(isla, { amount: '40.00', payment_method: islaMethod });
  assert.is(res.statusCode, 201);
  const w = res.json();
  assert.equal(w, {
    id: w.id, amount: '40.00', status: 'awaiting_code', payment_method: { id: islaMethod, type: 'UK_BANK', label: 'UK account ••••5678' },
    created_at: t.clock.now().toISOString(), code_expires_at: new Date(t.clock.now().getTime() + 10 * 60_000).toISOString(),
  });
  assert.equal(await wallet(t, isla), { balance: '60.00', balance_incl_pending: '100.00' }, 'held: available down, posted unchanged');
  const code = await codeFromMail(t, isla, CODE_SUBJECT);
  assert.not.match(res.body, code);
  assert.equal((await myWithdrawals(isla)).results.map((r: { id: string; status: string }) => [r.id, r.status]), [[w.id, 'awaiting_code']]);

  const ok = await verify(isla, w.id, code);
  assert.equal([ok.statusCode, ok.json()], [200, { id: w.id, status: 'confirmed', msg: 'Your withdrawal is confirmed. We will pay it to UK account ••••5678 shortly.' }]);
  const again = await verify(isla, w.id, code);
  assert.equal([again.statusCode, again.json()], [400, { detail: 'This withdrawal is already confirmed.', msg: 'This withdrawal is already confirmed.' }]);

  const queue = await api(t, 'GET', '/api/staff/withdrawals/?status=confirmed', staff);
  const row = queue.json().results.find((r: { id: string }) => r.id === w.id);
  assert.equal([row.user.email, row.amount, row.payout_details.account_number_uk, row.payout_details.sort_code_uk, row.details_changed],
    ['isla.withdraw@whisky.test', '40.00', '12345678', '12-34-56', false]);
  assert.is((await api(t, 'GET', '/api/staff/withdrawals/', isla)).statusCode, 403);
  assert.is((await api(t, 'POST', `/api/staff/withdrawals/${w.id}/pay_out/`, isla, { reference: 'x' })).statusCode, 403);

  const missing = await api(t, 'POST', `/api/staff/withdrawals/${w.id}/pay_out/`, staff, {});
  assert.equal([missing.statusCode, missing.json()], [400, { reference: ['Enter the bank transfer reference.'] }]);
  const paid = await api(t, 'POST', `/api/staff/withdrawals/${w.id}/pay_out/`, staff, { reference: 'BACS 0042' }, { 'idempotency-key': 'pay-1' });
  assert.equal([paid.statusCode, paid.json().status, paid.json().reference, paid.json().paid_out_by], [200, 'paid_out', 'BACS 0042', staff.id]);
  const replay = await api(t, 'POST', `/api/staff/withdrawals/${w.id}/pay_out/`, staff, { reference: 'BACS 0042' }, { 'idempotency-key': 'pay-1' });
  assert.equal([replay.statusCode, replay.headers['idempotent-replayed'], replay.json()], [200, 'true', paid.json()]);
  const twice = await api(t, 'POST', `/api/staff/withdrawals/${w.id}/pay_out/`, staff, { reference: 'BACS 0043' });
  assert.equal([twice.statusCode, twice.json()], [400, { detail: 'This withdrawal has already been paid out.' }]);
  assert.equal(await wallet(t, isla), { balance: '60.00', balance_incl_pending: '60.00' }, 'captured: posted down once');
  assert.is(await mailCount(t, isla, 'Your withdrawal has been paid'), 1);
});

test('staff reject a confirmed withdrawal: the hold is released', async () => {
  const w = (await withdraw(isla, { amount: '10', payment_method: islaMethod })).json();
  assert.equal(await wallet(t, isla), { balance: '50.00', balance_incl_pending: '60.00' });
  assert.is((await verify(isla, w.id, await codeFromMail(t, isla, CODE_SUBJECT))).statusCode, 200);
  const noReason = await api(t, 'POST', `/api/staff/withdrawals/${w.id}/reject/`, staff, { reason: ' ' });
  assert.equal([noReason.statusCode, noReason.json()], [400, { reason: ['Enter a reason.'] }]);
  const reject = () => api(t, 'POST', `/api/staff/withdrawals/${w.id}/reject/`, staff, { reason: 'The bank returned the payment.' }, { 'idempotency-key': 'reject-1' });
  const rejected = await reject();
  assert.equal([rejected.statusCode, rejected.json().status, rejected.json().reject_reason], [200, 'rejected', 'The bank returned the payment.']);
  assert.equal(await wallet(t, isla), { balance: '60.00', balance_incl_pending: '60.00' });
  // A retry with the key replays the answer and releases nothing twice.
  const retried = await reject();
  assert.equal([retried.statusCode, retried.json()], [200, rejected.json()]);
  assert.equal(await wallet(t, isla), { balance: '60.00', balance_incl_pending: '60.00' });
  const payAfter = await api(t, 'POST', `/api/staff/withdrawals/${w.id}/pay_out/`, staff, { reference: 'x' });
  assert.equal([payAfter.statusCode, payAfter.json()], [400, { detail: 'This withdrawal has been rejected.' }]);
  assert.is(await mailCount(t, isla, 'Your withdrawal could not be paid'), 1);
});

test('five wrong codes cancel the withdrawal and release the hold', async () => {
  const w = (await withdraw(isla, { amount: '25.00', payment_method: islaMethod })).json();
  const code = await codeFromMail(t, isla, CODE_SUBJECT);
  const msgs: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await verify(isla, w.id, wrongFor(code));
    assert.is(res.statusCode, 400);
    msgs.push(res.json().msg);
  }
  assert.equal(msgs, ['Wrong code. 4 tries left.', 'Wrong code. 3 tries left.', 'Wrong code. 2 tries left.', 'Wrong code. 1 try left.']);
  assert.equal(await wallet(t, isla), { balance: '35.00', balance_incl_pending: '60.00' }, 'still held');
  const fifth = await verify(isla, w.id, wrongFor(code));
  const cancelled = 'Too many wrong codes: the withdrawal has been cancelled and the amount returned to your balance.';
  assert.equal([fifth.statusCode, fifth.json()], [400, { detail: cancelled, msg: cancelled }]);
  assert.equal(await wallet(t, isla), { balance: '60.00', balance_incl_pending: '60.00' });
  const right = await verify(isla, w.id, code);
  assert.equal([right.statusCode, right.json()], [400, { detail: 'This withdrawal has been cancelled.', msg: 'This withdrawal has been cancelled.' }]);
  const row = (await myWithdrawals(isla)).results.find((r: { id: string }) => r.id === w.id);
  assert.equal([row.status, row.cancel_reason], ['cancelled', 'too_many_wrong_codes']);
});

test('a new code stops the old one; tries count across codes; at most one code per 30 seconds', async () => {
  const w = (await withdraw(isla, { amount: '5.00', payment_method: islaMethod })).json();
  const first = await codeFromMail(t, isla, CODE_SUBJECT);
  const tooSoon = await api(t, 'POST', `/api/withdraw/${w.id}/update_code/`, isla);
  assert.equal([tooSoon.statusCode, tooSoon.json()], [429, { detail: 'Please wait 30 seconds before asking for a new code.' }]);
  await later(30_000);
  const updated = await api(t, 'POST', `/api/withdraw/${w.id}/update_code/`, isla);
  assert.equal([updated.statusCode, updated.json()], [200, {
    id: w.id, code_expires_at: new Date(t.clock.now().getTime() + 10 * 60_000).toISOString(), msg: 'We have emailed you a new code. It is valid for 10 minutes.',
  }]);
  const second = await codeFromMail(t, isla, CODE_SUBJECT);
  if (first !== second) {
    const old = await verify(isla, w.id, first);
    assert.equal([old.statusCode, old.json()], [400, { detail: 'Wrong code. 4 tries left.', msg: 'Wrong code. 4 tries left.' }]);
  }
  const ok = await verify(isla, w.id, second);
  assert.is(ok.statusCode, 200);
  const afterConfirm = await api(t, 'POST', `/api/withdraw/${w.id}/update_code/`, isla);
  assert.equal([afterConfirm.statusCode, afterConfirm.json()], [400, { detail: 'This withdrawal is already confirmed.', msg: 'This withdrawal is already confirmed.' }]);
});

test('a code expires after 10 minutes; a new one works', async () => {
  const w = (await withdraw(isla, { amount: '1.00', payment_method: islaMethod })).json();
  const code = await codeFromMail(t, isla, CODE_SUBJECT);
  await later(11 * 60_000);
  const expired = await verify(isla, w.id, code);
  assert.equal([expired.statusCode, expired.json()], [400, { detail: 'This code has expired. Please ask for a new one.', msg: 'This code has expired. Please ask for a new one.' }]);
  assert.is((await api(t, 'POST', `/api/withdraw/${w.id}/update_code/`, isla)).statusCode, 200);
  assert.is((await verify(isla, w.id, await codeFromMail(t, isla, CODE_SUBJECT))).statusCode, 200);
});

test('nobody else can verify, renew or see a withdrawal', async () => {
  const w = (await withdraw(isla, { amount: '2.00', payment_method: islaMethod })).json();
  const code = await codeFromMail(t, isla, CODE_SUBJECT);
  const byIvor = await verify(ivor, w.id, code);
  assert.equal([byIvor.statusCode, byIvor.json()], [404, { detail: 'Withdrawal not found.' }]);
  assert.is((await api(t, 'POST', `/api/withdraw/${w.id}/update_code/`, ivor)).statusCode, 404);
  assert.is((await verify(ivor, 'not-a-uuid', code)).statusCode, 404);
  assert.equal((await myWithdrawals(ivor)).results, []);
  assert.is((await verify(isla, w.id, code)).statusCode, 200, 'the code still works for its owner');
  // Someone else's payout method is not a choice either.
  const other = await withdraw(isla, { amount: '1.00', payment_method: ivorMethod });
  assert.equal([other.statusCode, other.json()], [400, { payment_method: ['Choose one of your payout methods.'] }]);
});

test('the right code sent twice at once confirms once', async () => {
  const w = (await withdraw(isla, { amount: '1.00', payment_method: islaMethod })).json();
  const code = await codeFromMail(t, isla, CODE_SUBJECT);
  const answers = await Promise.all([verify(isla, w.id, code), verify(isla, w.id, code)]);
  assert.equal(answers.map((r) => r.statusCode).sort(), [200, 400]);
  assert.equal(answers.find((r) => r.statusCode === 400)?.json(), { detail: 'This withdrawal is already confirmed.', msg: 'This withdrawal is already confirmed.' });
  const events = await t.ctx.store.readStream(`withdrawal-${w.id}`);
  assert.equal(events.map((e) => e.type), ['WithdrawalRequested', 'WithdrawalConfirmed']);
});

test('more than the available balance: an amount error and nothing changes', async () => {
  await fund(t, ivor, 2_000);
  const before = await wallet(t, ivor);
  const mails = await mailCount(t, ivor, CODE_SUBJECT);
  const res = await withdraw(ivor, { amount: '20.01', payment_method: ivorMethod });
  assert.equal([res.statusCode, res.json()], [400, { amount: ['Amount cannot exceed the balance'] }]);
  const both = await withdraw(ivor, {});
  assert.equal([both.statusCode, Object.keys(both.json()), both.json()], [400, ['payment_method', 'amount'], {
    payment_method: ['This field is required'], amount: ['Amount is required'],
  }]);
  assert.equal((await withdraw(ivor, { amount: '0', payment_method: ivorMethod })).json(), { amount: ['Amount must be greater than 0'] });
  assert.equal(await wallet(t, ivor), before);
  assert.equal((await myWithdrawals(ivor)).results, []);
  assert.is(await mailCount(t, ivor, CODE_SUBJECT), mails);
  assert.is((await withdraw(ivor, { amount: '20.00', payment_method: ivorMethod })).statusCode, 201, 'exactly the balance is fine');
});

test('Idempotency-Key: a retry and concurrent duplicates hold once', async () => {
  await fund(t, ivor, 3_000);
  assert.equal(await wallet(t, ivor), { balance: '30.00', balance_incl_pending: '50.00' });
  const body = { amount: '7.00', payment_method: ivorMethod };
  const first = await withdraw(ivor, body, 'wd-1');
  const retry = await withdraw(ivor, body, 'wd-1');
  assert.equal([first.statusCode, retry.statusCode, retry.headers['idempotent-replayed'], retry.json()], [201, 201, 'true', first.json()]);
  const reused = await withdraw(ivor, { ...body, amount: '8.00' }, 'wd-1');
  assert.is(reused.statusCode, 409);
  const together = await Promise.all([withdraw(ivor, body, 'wd-2'), withdraw(ivor, body, 'wd-2'), withdraw(ivor, body, 'wd-2')]);
  assert.equal(together.map((r) => r.statusCode), [201, 201, 201]);
  assert.is(new Set(together.map((r) => r.json().id)).size, 1);
  assert.equal(await wallet(t, ivor), { balance: '16.00', balance_incl_pending: '50.00' }, 'two holds of 7.00, not four');
  const ids = (await myWithdrawals(ivor)).results.filter((r: { amount: string }) => r.amount === '7.00').map((r: { id: string }) => r.id);
  assert.equal(ids.sort(), [first.json().id, together[0].json().id].sort());
});

test('an answer lost after the commit: the retry answers the same withdrawal, holding and emailing nothing again', async () => {
  // Someone of their own: the tests above leave Isla locked out of codes for a while.
  const iona = await createTestUser(t, { email: 'iona.withdraw@whisky.test', firstName: 'Iona' });
  await grantAccess(t, iona);
  await fund(t, iona, 1_500);
  const body = { amount: '15.00', payment_method: await addMethod(t, iona) };
  const first = await withdraw(iona, body, 'wd-lost');
  assert.is(first.statusCode, 201);
  const [held, mails] = [await wallet(t, iona), await mailCount(t, iona, CODE_SUBJECT)];
  await loseAnswer(t, 'wd-lost');
  const retry = await withdraw(iona, body, 'wd-lost');
  assert.is(retry.statusCode, 201, retry.body);
  assert.is(retry.headers['idempotent-replayed'], undefined, 'the request was carried on, not replayed');
  assert.equal(retry.json(), first.json(), 'the withdrawal the first run requested, its code expiring as first answered');
  assert.equal(await wallet(t, iona), held, 'held once');
  assert.is(await mailCount(t, iona, CODE_SUBJECT), mails, 'one code email');
  const ok = await verify(iona, retry.json().id, await codeFromMail(t, iona, CODE_SUBJECT));
  assert.is(ok.statusCode, 200, ok.body);
  // Lost again once confirmed: the retry cannot answer a withdrawal waiting for its code, and says what became of it.
  await loseAnswer(t, 'wd-lost');
  const late = await withdraw(iona, body, 'wd-lost');
  assert.equal([late.statusCode, late.json()], [409, { detail: 'This withdrawal was already requested, and it is now confirmed.' }]);
  assert.is((await myWithdrawals(iona)).results.filter((r: { id: string }) => r.id === first.json().id).length, 1);
});

test('withdrawals left awaiting their code for 24 hours are cancelled by the sweeper, holds released', async () => {
  const before = await wallet(t, ivor);
  const w = (await withdraw(ivor, { amount: '3.00', payment_method: ivorMethod })).json();
  await later(23 * 60 * 60_000);
  assert.not.ok((await sweepUnconfirmedWithdrawals(t.ctx)).includes(w.id), 'not yet');
  await later(60 * 60_000);
  const swept = await sweepUnconfirmedWithdrawals(t.ctx);
  assert.ok(swept.includes(w.id));
  assert.equal(await sweepUnconfirmedWithdrawals(t.ctx), [], 'a second pass finds nothing');
  const row = (await myWithdrawals(ivor)).results.find((r: { id: string }) => r.id === w.id);
  assert.equal([row.status, row.cancel_reason], ['cancelled', 'not_confirmed_in_time']);
  // Every withdrawal of Ivor's was left unconfirmed (20.00 and 2 x 7.00 before this one): all holds are released.
  assert.equal(before, { balance: '16.00', balance_incl_pending: '50.00' });
  assert.equal(await wallet(t, ivor), { balance: '50.00', balance_incl_pending: '50.00' });
  const confirmed = (await myWithdrawals(isla)).results.filter((r: { status: string }) => r.status === 'confirmed');
  assert.ok(confirmed.length >= 2, 'confirmed withdrawals are left alone');
});

test('the read models rebuilt from the events equal the live ones', async () => {
  for (const projection of [withdrawalsProjection, payoutMethodsProjection]) {
    const report = await rebuildAndCompare(t.ctx.db, projection);
    assert.ok(report.tables.length > 0);
    assert.equal(report.tables.filter((x) => !x.equal).map((x) => x.table), [], projection.name);
  }
});

test.run();
