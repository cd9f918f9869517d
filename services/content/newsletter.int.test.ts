/**
 * Newsletter double opt-in (content slice): a visitor's address is subscribed only from the emailed confirmation
 * link, a forged or stale link changes nothing, the welcome email carries a working unsubscribe link, and asking again
 * within the hour sends no second email.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { readMailbox } from '../../infra/mail/outbox';
import { LINK_INVALID } from '../../domain/accounts/newsletter';
import { CONFIRMED, UNSUBSCRIBED } from './newsletter';

let t: TestApp;
const EMAIL = 'reader@whisky.test';
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const subscribers = async () => (await t.ctx.db.selectFrom('newsletter_subscribers').select('email').execute()).map((r) => r.email);
const linkIn = (text: string, purpose: string) => {
  const m = new RegExp(`/newsletter/${purpose}\\?(\\S+)`).exec(text);
  assert.ok(m, text);
  return Object.fromEntries(new URLSearchParams(m![1])) as { email: string; token: string };
};

test.before(async () => {
  t = await startTestApp();
});
test.after(async () => t.close());

test('content newsletter: subscribed only after the emailed confirmation; unsubscribe from the welcome email', async () => {
  assert.is((await post('/api/subscribe_newsletter/', { email: 'Reader@Whisky.test' })).statusCode, 200);
  assert.is((await post('/api/subscribe_newsletter/', { email: EMAIL })).statusCode, 200);
  let mail = await readMailbox(t.ctx.db, { to: EMAIL });
  assert.is(mail.length, 1, 'asking again within the hour sends no second email');
  assert.equal(await subscribers(), []);

  const link = linkIn(mail[0].text, 'confirm');
  const forged = await post('/api/newsletter/confirm/', { email: 'other@whisky.test', token: link.token });
  assert.equal([forged.statusCode, forged.json().detail], [400, LINK_INVALID]);
  assert.is((await post('/api/newsletter/confirm/', { email: 'nobody@whisky.test', token: 'x' })).statusCode, 400);
  const confirmed = await post('/api/newsletter/confirm/', link);
  assert.equal([confirmed.statusCode, confirmed.json().detail], [200, CONFIRMED]);
  assert.is((await post('/api/newsletter/confirm/', link)).statusCode, 200, 'a second click is harmless');
  assert.equal(await subscribers(), [EMAIL]);

  mail = await readMailbox(t.ctx.db, { to: EMAIL });
  assert.is(mail.length, 2);
  const off = linkIn(mail[0].text, 'unsubscribe');
  assert.ok(mail[0].html.includes('Unsubscribe</a>'));
  assert.is((await post('/api/newsletter/unsubscribe/', { ...off, token: link.token })).statusCode, 400, 'the confirm token does not unsubscribe');
  const gone = await post('/api/newsletter/unsubscribe/', off);
  assert.equal([gone.statusCode, gone.json().detail], [200, UNSUBSCRIBED]);
  assert.equal(await subscribers(), []);
  assert.is((await post('/api/newsletter/confirm/', link)).statusCode, 400, 'an old confirmation link does not subscribe again');
});

test.run();
