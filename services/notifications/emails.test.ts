/** Every notification email links to a page the client really has (a route in web/src/app.tsx). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { TEMPLATES } from '../../domain/notification/templates';
import { EMAIL_COPY, notificationEmail } from './emails';

const appSource = readFileSync(new URL('../../web/src/app.tsx', import.meta.url), 'utf8');
const routes = [...appSource.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]);

function routed(path: string): boolean {
  const bare = path.split('?')[0];
  return routes.some((route) => {
    const pattern = route.replace(/\/:[a-z]+\?/gi, '(?:/[^/]+)?').replace(/:[a-z]+/gi, '[^/]+');
    return new RegExp(`^${pattern}$`).test(bare);
  });
}

test('the client routes were found', () => {
  assert.ok(routes.includes('/product/:id/:slug?'), routes.join(', '));
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
