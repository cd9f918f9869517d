/**
 * The staff campaign calls (issue #11): staff only (401 anonymous, 403 for users and auditors), bad input is refused
 * with field errors and changes nothing, a sent campaign is frozen, and sending twice sends once (a second send is
 * refused, a retry with the same Idempotency-Key answers as the first, two sends at once queue one list).
 */
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { MSG } from '../../domain/content/newsletter-campaigns/campaign';
import { newsletterToken } from './newsletter';
import { drainCampaigns } from './newsletter-delivery';

let t: TestApp;
let staff: TestUser, alice: TestUser, auditor: TestUser;
const DRAFT = { subject: 'The cask sale', body: 'Twelve casks, **one night**.' };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(user ? bearer(user) : {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const eventCount = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM events`.execute(t.ctx.db)).rows[0].n;
const queued = async (id: string) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM email_outbox WHERE dedupe_key LIKE ${`newsletter-campaign:${id}:%`}`.execute(t.ctx.db)).rows[0].n;
const draft = async () => {
  t.clock.advance(60_000); // each a minute after the last, so "newest first" has an order to show
  const res = await call('POST', '/api/staff/newsletters/', staff, DRAFT);
  assert.is(res.statusCode, 201, res.body);
  return res.json().id as string;
};

test.before(async () => {
  t = await startTestApp({ workers: false });
  [staff, alice, auditor] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t, { auditor: true })]);
});
test.after(async () => t.close());

test('with nobody subscribed yet a campaign is not sent (it could be sent only once)', async () => {
  const id = await draft();
  const before = await eventCount();
  const res = await call('POST', `/api/staff/newsletters/${id}/send/`, staff);
  assert.equal([res.statusCode, res.json().detail], [400, MSG.noRecipients]);
  assert.is(await eventCount(), before);
  assert.is((await call('GET', `/api/staff/newsletters/${id}/`, staff)).json().status, 'draft');
});

test('only staff: 401 anonymous, 403 for a user and for an auditor, and nothing changes', async () => {
  const id = await draft();
  const before = await eventCount();
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/staff/newsletters/'], ['POST', '/api/staff/newsletters/', DRAFT], ['GET', `/api/staff/newsletters/${id}/`],
    ['PUT', `/api/staff/newsletters/${id}/`, DRAFT], ['POST', '/api/staff/newsletters/preview/', DRAFT], ['POST', `/api/staff/newsletters/${id}/send/`, {}],
  ];
  for (const [method, url, body] of calls) {
    assert.is((await call(method as 'GET', url, null, body)).statusCode, 401, `${method} ${url} anonymous`);
    const res = await call(method as 'GET', url, alice, body);
    assert.is(res.statusCode, 403, `${method} ${url} user`);
    assert.equal(Object.keys(res.json()), ['detail']);
  }
  for (const [method, url, body] of calls.filter(([m]) => m !== 'GET')) {
    const res = await call(method as 'POST', url, auditor, body);
    assert.equal([res.statusCode, res.json().detail], [403, 'Auditors have read-only access.'], `${method} ${url} auditor`);
  }
  assert.is(await eventCount(), before);
});

test('bad input gets field errors and changes nothing', async () => {
  const before = await eventCount();
  const cases: [unknown, string[]][] = [
    [{ subject: '  ', body: '' }, ['subject', 'body']],
    [{ subject: 'Hello' }, ['body']],
    [{ subject: 42, body: 'x' }, ['subject']],
    [{ subject: 'x'.repeat(201), body: 'x' }, ['subject']],
    [{ subject: 'Hello', body: 'x'.repeat(60_001) }, ['body']],
  ];
  for (const [body, fields] of cases) {
    const res = await call('POST', '/api/staff/newsletters/', staff, body);
    assert.is(res.statusCode, 400, res.body);
    assert.equal(Object.keys(res.json()).sort(), [...fields].sort(), res.body);
  }
  const broken = await t.app.inject({ method: 'POST', url: '/api/staff/newsletters/', headers: { ...bearer(staff), 'content-type': 'application/json' }, payload: '{"subject": ' });
  assert.is(broken.statusCode, 400);
  assert.is((await call('GET', '/api/staff/newsletters/not-an-id/', staff)).statusCode, 404);
  assert.is((await call('POST', '/api/staff/newsletters/3f1e1c4e-0000-4000-8000-000000000000/send/', staff)).json().detail, MSG.notFound);
  const list = (await call('GET', '/api/staff/newsletters/?page_size=1000', staff));
  assert.is(list.statusCode, 400);
  assert.is(await eventCount(), before);
});

test('a draft can be edited and previewed; once sent it is frozen, and a second send sends nothing', async () => {
  for (const email of ['one@whisky.test', 'two@whisky.test']) {
    await call('POST', '/api/subscribe_newsletter/', null, { email });
    await call('POST', '/api/newsletter/confirm/', null, { email, token: newsletterToken(t.ctx, 'confirm', email) });
  }
  const id = await draft();
  const edited = await call('PUT', `/api/staff/newsletters/${id}/`, staff, { subject: ' The cask\nsale ', body: '# Casks' });
  assert.equal([edited.statusCode, edited.json().subject, edited.json().body], [200, 'The cask sale', '# Casks']);
  assert.ok(edited.json().preview.html.includes('<h1>Casks</h1>'));
  const preview = (await call('POST', '/api/staff/newsletters/preview/', staff, { subject: 'S', body: '*hi* <b>x</b>' })).json();
  assert.ok(preview.html.includes('<em>hi</em> &lt;b&gt;x&lt;/b&gt;') && preview.html.includes('Unsubscribe</a>'), preview.html);
  assert.is(preview.audience_count, 2);

  const key = { 'idempotency-key': `send-${id}` };
  const first = await call('POST', `/api/staff/newsletters/${id}/send/`, staff, undefined, key);
  assert.equal([first.statusCode, first.json().status, first.json().recipients_count], [200, 'sent', 2]);
  const retried = await call('POST', `/api/staff/newsletters/${id}/send/`, staff, undefined, key);
  assert.equal([retried.statusCode, retried.headers['idempotent-replayed'], retried.json().sent_at], [200, 'true', first.json().sent_at]);
  const again = await call('POST', `/api/staff/newsletters/${id}/send/`, staff);
  assert.equal([again.statusCode, again.json().detail], [409, MSG.alreadySent]);
  const change = await call('PUT', `/api/staff/newsletters/${id}/`, staff, DRAFT);
  assert.equal([change.statusCode, change.json().detail], [409, MSG.alreadySent]);
  await drainCampaigns(t.ctx);
  assert.is(await queued(id), 2);
  const sends = (await t.ctx.store.readStream(`newsletter-campaign-${id}`)).filter((e) => e.type === 'NewsletterCampaignSent');
  assert.is(sends.length, 1);
});

test('two sends at once: one is sent, the other refused, one email per address', async () => {
  const id = await draft();
  const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/staff/newsletters/${id}/send/`, staff)));
  assert.equal(answers.map((a) => a.statusCode).sort(), [200, 409, 409], answers.map((a) => a.body).join('\n'));
  await drainCampaigns(t.ctx);
  assert.is(await queued(id), 2);
  const list = (await call('GET', '/api/staff/newsletters/', staff)).json();
  assert.equal(list.results.map((c: { status: string }) => c.status), ['sent', 'sent', 'draft', 'draft']);
});

test.run();
