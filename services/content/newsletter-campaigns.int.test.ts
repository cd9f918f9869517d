/**
 * Newsletter campaigns through the API (issue #11): a campaign reaches every confirmed subscriber once, not the
 * unconfirmed or unsubscribed, nor an account that turned promotional_email off; each email carries its own working
 * unsubscribe link (page link and one-click header), and following it turns the account's flag off and keeps the
 * next campaign away from that address. Delivery survives a lost batch without sending twice.
 */
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { readMailbox, type MailboxEntry } from '../../infra/mail/outbox';
import { rebuildAndCompare } from '../../projections/rebuild';
import { newsletterCampaignsProjection } from '../../projections/content/newsletter-campaigns/projection';
import { newsletterToken, UNSUBSCRIBED } from './newsletter';
import { deliverCampaignBatch, drainCampaigns } from './newsletter-delivery';
import { deliverDue, type MailMessage } from '../../infra/mail/sender';

let t: TestApp;
let staff: TestUser, bob: TestUser, carol: TestUser, dave: TestUser, alice: TestUser;
const READER = 'reader@whisky.test', PENDING = 'pending@whisky.test', GONE = 'gone@whisky.test', LATE = 'late@whisky.test';

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, payload });
const outbox = async (subject: string) => (await readMailbox(t.ctx.db, { limit: 500 })).filter((m) => m.subject === subject);
const flag = async (u: TestUser) => (await call('GET', '/api/users/current/', u)).json().promotional_email as boolean;

async function subscribeVisitor(email: string, confirm = true): Promise<void> {
  assert.is((await call('POST', '/api/subscribe_newsletter/', null, { email })).statusCode, 200);
  if (confirm) assert.is((await call('POST', '/api/newsletter/confirm/', null, { email, token: newsletterToken(t.ctx, 'confirm', email) })).statusCode, 200);
}

async function sendCampaign(subject: string, body: string): Promise<{ id: string; recipients_count: number }> {
  const draft = await call('POST', '/api/staff/newsletters/', staff, { subject, body });
  assert.is(draft.statusCode, 201, draft.body);
  const sent = await call('POST', `/api/staff/newsletters/${draft.json().id}/send/`, staff);
  assert.is(sent.statusCode, 200, sent.body);
  return sent.json();
}

/** The unsubscribe link of an email: the page link in the text, its address and token. */
function unsubscribeLink(mail: MailboxEntry): { email: string; token: string } {
  const m = /\/newsletter\/unsubscribe\?(\S+)/.exec(mail.text);
  assert.ok(m, mail.text);
  return Object.fromEntries(new URLSearchParams(m![1])) as { email: string; token: string };
}

test.before(async () => {
  // No background workers: the test drains the delivery itself, so what is queued when is under its control.
  t = await startTestApp({ workers: false });
  [staff, bob, carol, dave, alice] = await Promise.all([
    createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t), createTestUser(t), createTestUser(t),
  ]);
  await subscribeVisitor(READER);
  await subscribeVisitor(PENDING, false);
  await subscribeVisitor(GONE);
  assert.is((await call('POST', '/api/newsletter/unsubscribe/', null, { email: GONE, token: newsletterToken(t.ctx, 'unsubscribe', GONE) })).statusCode, 200);
  // Bob subscribes his own address signed in; Carol ticks the box in her profile; Dave subscribes, then unticks it.
  assert.is((await call('POST', '/api/subscribe_newsletter/', bob, { email: bob.email })).statusCode, 200);
  assert.is((await call('PATCH', `/api/users/${carol.id}/`, carol, { promotional_email: true })).statusCode, 200);
  assert.is((await call('POST', '/api/subscribe_newsletter/', dave, { email: dave.email })).statusCode, 200);
  assert.is((await call('PATCH', `/api/users/${dave.id}/`, dave, { promotional_email: false })).statusCode, 200);
});
test.after(async () => t.close());

test('a campaign reaches each confirmed subscriber once, each with its own unsubscribe link', async () => {
  const preview = await call('POST', '/api/staff/newsletters/preview/', staff, { subject: 'x', body: 'y' });
  assert.is(preview.json().audience_count, 3);
  const body = '## The December sale\n\nA **Port Ellen** 1979 and [the catalogue](/auctions).\n\n<img src=x onerror=alert(1)>';
  const sent = await sendCampaign('December at the house', body);
  assert.is(sent.recipients_count, 3);
  assert.is(await drainCampaigns(t.ctx), 3);

  const mails = await outbox('December at the house');
  assert.equal(mails.map((m) => m.to).sort(), [READER, bob.email, carol.email].sort(), 'not the unconfirmed, the unsubscribed, Dave (flag off) or Alice');
  for (const mail of mails) {
    assert.equal(unsubscribeLink(mail).email, mail.to, 'the link is made out for its own address');
    assert.ok(mail.html.includes('<strong>Port Ellen</strong>') && mail.html.includes('Unsubscribe</a>'), mail.html);
    assert.ok(mail.html.includes(`href="${t.ctx.config.publicUrl}/auctions"`), 'site links are absolute in an email');
    assert.not.ok(mail.html.includes('<img'), 'raw HTML in the Markdown is shown as text');
    assert.ok(mail.text.includes('**Port Ellen**') && mail.text.includes('Unsubscribe: '), mail.text);
    assert.match(mail.headers?.['List-Unsubscribe'] ?? '', `one_click_unsubscribe/?email=${encodeURIComponent(mail.to)}&token=`);
    assert.is(mail.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
  }
  assert.is(await drainCampaigns(t.ctx), 0, 'nothing left to deliver');
  assert.is((await outbox('December at the house')).length, 3);

  const list = (await call('GET', '/api/staff/newsletters/', staff)).json();
  assert.is(list.count, 1);
  assert.equal([list.results[0].status, list.results[0].recipients_count, list.results[0].queued_count, list.results[0].pending_count], ['sent', 3, 3, 0]);
  const events = await t.ctx.store.readStream(`newsletter-campaign-${sent.id}`);
  assert.equal(events.map((e) => [e.type, (e.data as { by: string }).by, e.metadata.user_id]), [
    ['NewsletterCampaignDrafted', staff.id, staff.id], ['NewsletterCampaignSent', staff.id, staff.id],
  ]);
});

test('the emailed links unsubscribe: the account flag turns off and the next campaign skips the address', async () => {
  const mails = await outbox('December at the house');
  const bobs = unsubscribeLink(mails.find((m) => m.to === bob.email)!);
  const readers = unsubscribeLink(mails.find((m) => m.to === READER)!);
  assert.is((await call('POST', '/api/newsletter/unsubscribe/', null, { ...readers, token: bobs.token })).statusCode, 400, "one address's link does not unsubscribe another");
  for (const link of [bobs, readers]) {
    const res = await call('POST', '/api/newsletter/unsubscribe/', null, link);
    assert.equal([res.statusCode, res.json().detail], [200, UNSUBSCRIBED]);
  }
  assert.is(await flag(bob), false, "Bob's promotional_email is off");

  // Carol's mail client uses the one-click header (RFC 8058): a form post to the URL it names.
  const header = mails.find((m) => m.to === carol.email)!.headers!['List-Unsubscribe'].slice(1, -1);
  const path = header.slice(t.ctx.config.publicUrl.length);
  assert.is((await t.app.inject({ method: 'GET', url: path })).statusCode, 303, 'opening the link only leads to the page');
  assert.is(await flag(carol), true);
  const oneClick = await t.app.inject({ method: 'POST', url: path, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  assert.is(oneClick.statusCode, 200, oneClick.body);
  assert.is(await flag(carol), false);

  await subscribeVisitor(LATE);
  const next = await sendCampaign('January at the house', 'New year, new casks.');
  assert.is(next.recipients_count, 1);
  await drainCampaigns(t.ctx);
  assert.equal((await outbox('January at the house')).map((m) => m.to), [LATE]);
  assert.equal((await outbox('December at the house')).map((m) => m.to).filter((to) => to === LATE), [], 'a later subscriber does not get an earlier campaign');
});

test('turning promotional_email back on in the profile brings campaigns back; an unsubscribe after the send is honoured', async () => {
  assert.is((await call('PATCH', `/api/users/${bob.id}/`, bob, { promotional_email: true })).statusCode, 200);
  const sent = await sendCampaign('February at the house', 'Spring releases.');
  assert.is(sent.recipients_count, 2, 'Bob and the late subscriber');
  // The late subscriber leaves after the send, before delivery reaches the address: skipped, not mailed.
  assert.is((await call('POST', '/api/newsletter/unsubscribe/', null, { email: LATE, token: newsletterToken(t.ctx, 'unsubscribe', LATE) })).statusCode, 200);
  await drainCampaigns(t.ctx);
  assert.equal((await outbox('February at the house')).map((m) => m.to), [bob.email]);
  const row = (await call('GET', `/api/staff/newsletters/${sent.id}/`, staff)).json();
  assert.equal([row.queued_count, row.skipped_count, row.pending_count], [1, 1, 0]);
});

test('a lost batch is redone without sending twice; a batch at a time loses no one', async () => {
  for (const u of [carol, dave, alice]) assert.is((await call('PATCH', `/api/users/${u.id}/`, u, { promotional_email: true })).statusCode, 200);
  const sent = await sendCampaign('March at the house', 'Cask season.');
  assert.is(sent.recipients_count, 4);
  assert.is(await deliverCampaignBatch(t.ctx, 1), 1);
  assert.is((await outbox('March at the house')).length, 1);
  // As if the worker's marks were lost after its emails were queued: the outbox keys keep the redo from doubling.
  await sql`UPDATE newsletter_campaign_recipients SET status = 'pending' WHERE campaign_id = ${sent.id}::uuid`.execute(t.ctx.db);
  assert.is(await drainCampaigns(t.ctx), 4);
  assert.equal((await outbox('March at the house')).map((m) => m.to).sort(), [bob.email, carol.email, dave.email, alice.email].sort());
});

test('campaign mail waits behind every other due email, and reaches the mail transport with its headers', async () => {
  await sql`UPDATE email_outbox SET status = 'sent' WHERE status = 'pending' AND NOT bulk`.execute(t.ctx.db);
  await subscribeVisitor('urgent@whisky.test', false); // its confirmation email is queued after every campaign email
  const sent: MailMessage[] = [];
  const send = async (m: MailMessage) => void sent.push(m);
  for (let i = 0; i < 2; i++) await deliverDue(t.ctx.db, send, 'house@whisky.test', t.clock.now(), 1);
  assert.equal(sent.map((m) => [m.to, !!m.headers?.['List-Unsubscribe']]), [['urgent@whisky.test', false], [sent[1].to, true]]);
  assert.is(sent[1].subject.endsWith('at the house'), true, 'then the campaign mail');
});

test('the campaigns read model rebuilds to the same rows', async () => {
  const report = await rebuildAndCompare(t.ctx.db, newsletterCampaignsProjection);
  assert.equal(report.tables.filter((x) => !x.equal).map((x) => x.table), []);
});

test.run();
