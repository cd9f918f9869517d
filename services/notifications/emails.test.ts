/** Every notification email links to a page the client really has (web/src/page-paths.ts, the router's one list). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TEMPLATES } from '../../domain/notifications/templates';
import { matchPage } from '../pages/client-pages';
import { EMAIL_COPY, notificationEmail } from './emails';

const routed = (path: string): boolean => matchPage(path.split('?')[0]) !== null;

test('the client routes were found', () => {
  assert.equal(matchPage('/product/6f1c2d2e-0000-4000-8000-000000000001/springbank')?.name, 'product');
  assert.not.ok(routed('/lot/abc'), 'an unknown page is not routed');
});

test('every template links to a routed page, with and without a lot', () => {
  for (const template of TEMPLATES) {
    for (const lot of ['6f1c2d2e-0000-4000-8000-000000000001', null]) {
      const path = EMAIL_COPY[template].path(lot);
      assert.ok(routed(path), `${template}: ${path}`);
    }
  }
});

test('the email carries the absolute link', () => {
  const email = notificationEmail('https://house.example', 'a@b.test', 'Ann', { template: 'outbid', text: 'You have been outbid', lot_id: 'L1' });
  assert.match(JSON.stringify(email), /https:\/\/house\.example\/product\/L1/);
});

test('the emails are signed with the house\'s name, escaped in the HTML, as every page and document is', () => {
  const email = notificationEmail('https://house.example', 'a@b.test', 'Ann', { template: 'outbid', text: 'You have been outbid', lot_id: 'L1' });
  assert.match(email.text, /\nHartley & Reid Whisky Auctions\n/);
  assert.match(email.html, /<p>Hartley &#38; Reid Whisky Auctions<\/p>/);
  assert.not.match(email.text + email.html, /Whisky Auction(?!s)/);
});

test.run();
