/**
 * Committed content writes while their read model is held (another connection keeps the table ACCESS EXCLUSIVE
 * locked, so no projection can write it and the bounded views wait runs out): a staff campaign draft, edit and send
 * and a staff article create and edit still answer their normal status with the body the view shows once it has
 * caught up, byte for byte, marked `Views-Catching-Up: true` with an `Event-Position`.
 */
import { assertCommittedBehind, LONG_WAIT, whileLocked } from '../testing/locked-view';
import type { LightMyRequestResponse } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { newsletterToken } from './newsletter';

let t: TestApp;
let staff: TestUser;


test.before(async () => {
  t = await startTestApp({ workers: false, config: { viewsWaitMs: LONG_WAIT } });
  t.ctx.projections.start();
  staff = await createTestUser(t, { staff: true });
});
test.after(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(staff), ...headers }, ...(payload ? { payload } : {}) });

/** The GET once the views reached `position` (no Views-Catching-Up): what the write should have answered. */
async function shownAfter(url: string, position: string): Promise<LightMyRequestResponse> {
  const res = await call('GET', url, undefined, { 'read-after': position });
  assert.is(res.statusCode, 200, res.body);
  assert.is(res.headers['views-catching-up'], undefined);
  return res;
}

test('a campaign drafted and edited while the campaigns view is locked: 201/200 with the campaign, byte for byte the later GET', async () => {
  const created = await whileLocked(t, 'newsletter_campaigns', () => call('POST', '/api/staff/newsletters/', { subject: '  The  cask sale ', body: 'Twelve casks, **one night**.' }));
  const position = assertCommittedBehind(created, 201);
  const id = created.json().id as string;
  assert.is(created.json().subject, 'The cask sale');
  assert.is(created.json().status, 'draft');
  assert.is((await shownAfter(`/api/staff/newsletters/${id}/`, position)).body, created.body);

  t.clock.advance(60_000); // so updated_at moves away from created_at
  const edited = await whileLocked(t, 'newsletter_campaigns', () => call('PUT', `/api/staff/newsletters/${id}/`, { subject: 'The cask sale, revised', body: 'Thirteen casks.' }));
  const editedAt = assertCommittedBehind(edited, 200);
  assert.is(edited.json().subject, 'The cask sale, revised');
  assert.is(edited.json().created_at, created.json().created_at);
  assert.is(edited.json().updated_at, t.clock.now().toISOString());
  assert.is((await shownAfter(`/api/staff/newsletters/${id}/`, editedAt)).body, edited.body);
});

test('a campaign sent while the campaigns view is locked: 200 with the sent campaign, as the later GET shows it', async () => {
  const email = 'reader@whisky.test';
  assert.is((await t.app.inject({ method: 'POST', url: '/api/subscribe_newsletter/', payload: { email } })).statusCode, 200);
  assert.is((await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm/', payload: { email, token: newsletterToken(t.ctx, 'confirm', email) } })).statusCode, 200);
  const draft = await call('POST', '/api/staff/newsletters/', { subject: 'Sent while behind', body: 'One cask.' });
  assert.is(draft.statusCode, 201, draft.body);
  const id = draft.json().id as string;

  const sent = await whileLocked(t, 'newsletter_campaigns', () => call('POST', `/api/staff/newsletters/${id}/send/`, {}, { 'idempotency-key': 'send-locked' }));
  const position = assertCommittedBehind(sent, 200);
  const body = sent.json();
  assert.equal([body.status, body.recipients_count, body.sent_by, body.sent_at], ['sent', 1, staff.id, t.clock.now().toISOString()]);
  const shown = (await shownAfter(`/api/staff/newsletters/${id}/`, position)).json();
  // Delivery may have moved on between the answer and the GET: its progress is the one thing that may differ.
  const progress = (c: Record<string, unknown>) => ({ ...c, queued_count: 0, pending_count: 0, skipped_count: 0 });
  assert.equal(progress(body), progress(shown));
  assert.is(body.queued_count + body.pending_count + body.skipped_count, 1);
});

const ARTICLE = { title: 'A dram in Islay', type: 'distilleries', short_description: '', content: 'Smoke and **peat**.', published: false };

test('an article written and edited while the articles view is locked: 201/200 with the article, byte for byte the later GET', async () => {
  const created = await whileLocked(t, 'articles', () => call('POST', '/api/staff/articles/', ARTICLE));
  const position = assertCommittedBehind(created, 201);
  const id = created.json().id as string;
  assert.equal([created.json().title, created.json().published, created.json().likes_count], ['A dram in Islay', false, 0]);
  assert.is((await shownAfter(`/api/staff/articles/${id}/`, position)).body, created.body);

  // Published, then liked by the writer: the edit's answer keeps the count and the writer's own like.
  const published = await call('PUT', `/api/staff/articles/${id}/`, { ...ARTICLE, published: true });
  assert.is(published.statusCode, 200, published.body);
  assert.is((await call('POST', `/api/like_article/${id}/`)).statusCode, 200);
  t.clock.advance(60_000);
  const edited = await whileLocked(t, 'articles', () => call('PUT', `/api/staff/articles/${id}/`, { ...ARTICLE, title: 'Two drams in Islay', published: true }));
  const editedAt = assertCommittedBehind(edited, 200);
  const e = edited.json();
  assert.equal([e.title, e.likes_count, e.is_like, e.published_at, e.created_at], ['Two drams in Islay', 1, true, published.json().published_at, created.json().created_at]);
  assert.is(e.updated_at, t.clock.now().toISOString());
  assert.is((await shownAfter(`/api/staff/articles/${id}/`, editedAt)).body, edited.body);
});

test.run();
