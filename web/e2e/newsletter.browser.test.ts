/**
 * Newsletter campaigns (issue #11) in a real browser: staff write a campaign in Markdown on the staff desk, see the
 * email previewed with its audience, and send it; it arrives in the dev mailbox (GET /api/dev/mailbox/) of each
 * subscriber with an unsubscribe link made out for that address, which works from the browser. The desk fits a
 * phone without sideways scroll.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestUser } from '../../services/testing/users';
import { newsletterToken } from '../../services/content/newsletter';
import { assertNoProblems, assertNoSidewaysScroll, DESKTOP, logged, newContext, PHONE, startE2E, UI_TIMEOUT, user, watchProblems, type E2E } from './helpers';

let e: E2E;
let staff: TestUser, reader: TestUser;
const VISITOR = 'islay.fan@whisky.test';
const SUBJECT = 'The Islay sale opens on Friday';

interface Mail { to: string; subject: string; text: string; html: string; headers?: Record<string, string> }

/** The campaign email in an address's dev mailbox, once the delivery worker has queued it. */
async function campaignMail(to: string): Promise<Mail> {
  for (const deadline = Date.now() + UI_TIMEOUT; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const res = await e.t.app.inject({ method: 'GET', url: `/api/dev/mailbox/?to=${encodeURIComponent(to)}` });
    const mail = (res.json() as Mail[]).find((m) => m.subject === SUBJECT);
    if (mail) return mail;
  }
  throw new Error(`the campaign did not reach ${to}`);
}

test.before(logged(async () => {
  e = await startE2E();
  [staff, reader] = await Promise.all([user(e, { staff: true }), user(e, { firstName: 'Rhona' })]);
  // A visitor confirmed from the emailed link, and a signed-in reader who subscribed their own address.
  await e.t.app.inject({ method: 'POST', url: '/api/subscribe_newsletter/', payload: { email: VISITOR } });
  await e.t.app.inject({ method: 'POST', url: '/api/newsletter/confirm/', payload: { email: VISITOR, token: newsletterToken(e.t.ctx, 'confirm', VISITOR) } });
  await e.t.app.inject({ method: 'POST', url: '/api/subscribe_newsletter/', headers: { authorization: `Bearer ${reader.access}` }, payload: { email: reader.email } });
}));
test.after(async () => e?.close());

test('staff write, preview and send a campaign; each subscriber gets it with their own unsubscribe link', async () => {
  const context = await newContext(e, DESKTOP, staff);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/staff?section=newsletter`);
  await page.getByText('No campaigns yet').waitFor();
  await page.getByRole('button', { name: 'New campaign' }).click();
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Subject').fill(SUBJECT);
  await form.getByLabel('Newsletter (Markdown)').fill('## Twelve casks\n\nA **Port Ellen** 1979 leads the sale. <script>window.hacked = true</script>');
  const preview = form.getByLabel('Email preview');
  await preview.locator('h2', { hasText: 'Twelve casks' }).waitFor();
  assert.is(await preview.locator('strong').innerText(), 'Port Ellen');
  assert.ok((await preview.innerText()).includes('<script>'), 'the script is shown as text');
  await preview.getByRole('link', { name: 'Unsubscribe' }).waitFor();
  await form.getByText('Sent now, it would go to 2 subscribers.').waitFor();

  await form.getByRole('button', { name: 'Send…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm sending' });
  await confirm.getByText(`Send “${SUBJECT}” to 2 subscribers now?`).waitFor();
  await confirm.getByRole('button', { name: 'Send now' }).click();
  const row = page.getByRole('row', { name: new RegExp(SUBJECT) });
  await row.getByText(/^Sent /).waitFor();
  assert.is(await row.getByRole('cell').nth(1).innerText(), '2');
  assert.is(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked), undefined);

  const mails = await Promise.all([VISITOR, reader.email].map(campaignMail));
  for (const mail of mails) {
    const link = /https?:\/\/[^\s"]+(\/newsletter\/unsubscribe\?[^\s"]+)/.exec(mail.text);
    assert.ok(link, mail.text);
    assert.is(new URLSearchParams(link![1].split('?')[1]).get('email'), mail.to, 'the link is for its own address');
    assert.ok(mail.html.includes('<strong>Port Ellen</strong>') && mail.html.includes('Unsubscribe</a>'));
    assert.ok(mail.headers?.['List-Unsubscribe']?.includes('one_click_unsubscribe'), 'a List-Unsubscribe header');
  }

  // The visitor follows the link: the page's button unsubscribes the address.
  const path = /https?:\/\/[^\s"]+?(\/newsletter\/unsubscribe\?[^\s"]+)/.exec(mails[0].text)![1];
  const reading = await (await newContext(e)).newPage();
  await reading.goto(`${e.t.baseUrl}${path}`);
  await reading.getByText(VISITOR).waitFor();
  await reading.getByRole('button', { name: 'Unsubscribe' }).click();
  await reading.getByText('You have been unsubscribed.').waitFor();
  assert.is((await e.t.ctx.db.selectFrom('newsletter_subscribers').select('email').where('email', '=', VISITOR).execute()).length, 0);
  await reading.context().close();

  // The next campaign's audience no longer counts the visitor.
  await page.getByRole('button', { name: 'New campaign' }).click();
  await page.getByLabel('Subject').fill('Next month');
  await page.getByText('Sent now, it would go to 1 subscriber.').waitFor();
  assertNoProblems(problems);
  await context.close();
});

test('the newsletter desk fits a phone: the list, a sent campaign and the editor', async () => {
  const context = await newContext(e, PHONE, staff);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/staff?section=newsletter`);
  await page.getByRole('button', { name: `View ${SUBJECT}` }).waitFor();
  await assertNoSidewaysScroll(page, 'the campaign list');
  await page.getByRole('button', { name: `View ${SUBJECT}` }).click();
  const sent = page.getByRole('article', { name: 'Sent campaign' });
  await sent.getByText(/Sent .* to 2 addresses\. 2 emails queued\./).waitFor();
  await sent.getByLabel('Email preview').locator('h2', { hasText: 'Twelve casks' }).waitFor();
  await assertNoSidewaysScroll(page, 'a sent campaign');
  await sent.getByRole('button', { name: 'Back to campaigns' }).click();
  await page.getByRole('button', { name: 'New campaign' }).click();
  await page.getByLabel('Subject').fill('A very long subject line about a very long list of very old single malts');
  await page.getByLabel('Newsletter (Markdown)').fill(`See https://example.com/${'a'.repeat(120)} for the full catalogue.`);
  await page.getByLabel('Email preview').getByText('full catalogue').waitFor();
  await assertNoSidewaysScroll(page, 'the campaign editor');
  assertNoProblems(problems);
  await context.close();
});

test.run();
