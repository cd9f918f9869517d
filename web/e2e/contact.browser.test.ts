/**
 * The contact form (issue #11) in a real browser: a visitor's incomplete form is refused field by field and nothing
 * is sent; the completed form reaches the house's mailbox (HOUSE_EMAIL) through the outbox, and the sender gets an
 * acknowledgement.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readMailbox } from '../../infra/mail/outbox';
import { loadHouseSettings } from '../../infra/config/house-settings';
import { assertNoProblems, logged, newContext, startE2E, watchProblems, type E2E } from './helpers';

let e: E2E;
const SENDER = 'ailsa.contact@whisky.test';

test.before(logged(async () => {
  e = await startE2E();
}));
test.after(async () => e?.close());

test('the contact form reaches the house\'s mailbox and the sender is acknowledged', async () => {
  const house = loadHouseSettings().contacts.email;
  const context = await newContext(e);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/contact-us`);
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByText('This field is required').first().waitFor();
  assert.is((await readMailbox(e.t.ctx.db, { to: house })).length, 0);

  await page.getByLabel('Your name').fill('Ailsa Grant');
  await page.getByLabel('Email').fill(SENDER);
  await page.getByLabel('Subject').fill('Selling a cask');
  await page.getByLabel('Message').fill('I have a 1995 Bowmore hogshead to sell. How do I start?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByText('Thank you, your message has been sent.').waitFor();

  const inbox = await readMailbox(e.t.ctx.db, { to: house });
  assert.is(inbox.length, 1);
  assert.is(inbox[0].subject, 'Contact form: Selling a cask');
  assert.ok(inbox[0].text.includes('1995 Bowmore hogshead'));
  assert.ok(inbox[0].text.includes(SENDER));
  const ack = await readMailbox(e.t.ctx.db, { to: SENDER });
  assert.is(ack.length, 1);
  assert.ok(ack[0].text.includes('Ailsa Grant'));
  assertNoProblems(problems);
  await context.close();
});

test('the FAQ and shipping pages quote the figures of the API', async () => {
  const context = await newContext(e);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/shipping-info`);
  await page.getByRole('cell', { name: '£12.50' }).waitFor();
  await page.getByText('Russian Federation').waitFor();
  await page.goto(`${e.t.baseUrl}/faq`);
  await page.getByText('How much is UK delivery?').click();
  await page.getByText('£12.50 for the first bottle').waitFor();
  await page.getByRole('heading', { name: 'Casks' }).waitFor();
  assertNoProblems(problems);
  await context.close();
});

test.run();
