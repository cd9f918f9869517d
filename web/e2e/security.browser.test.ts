/**
 * docs/security.md in a real browser: the API reference works under its own policy, an unknown address shows the
 * client's not-found view with a real 404, and the home page runs under the strict CSP (every context's close
 * fails on a violation: services/testing/csp-watch.ts) with no console message about its headers (watchProblems,
 * as on every page of the browser tests).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertNoProblems, DESKTOP, logged, newContext, startE2E, watchProblems, type E2E } from './helpers';

let e: E2E;

test.before(logged(async () => {
  e = await startE2E();
}));
test.after(async () => {
  await e?.close();
});

test('the API reference at /api/docs renders its operations', async () => {
  const context = await newContext(e, DESKTOP);
  const page = await context.newPage();
  const res = await page.goto(`${e.t.baseUrl}/api/docs`);
  assert.is(res?.status(), 200);
  // swagger-ui's bundle is large and the document (200 operations) is generated on the first call: a busy machine
  // needs more than the usual UI wait.
  await page.getByText('Whisky Auction API').first().waitFor({ timeout: 90_000 });
  // docExpansion 'none': the operations sit collapsed under their tags.
  await page.locator('.opblock-tag').first().waitFor({ timeout: 30_000 });
  await context.close();
});

test('an unknown address answers 404 and the client shows its not-found view; the home page has the strict CSP', async () => {
  const context = await newContext(e, DESKTOP);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const missing = await page.goto(`${e.t.baseUrl}/no-such-page`);
  assert.is(missing?.status(), 404);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  const home = await page.goto(`${e.t.baseUrl}/`);
  assert.is(home?.status(), 200);
  assert.match(home?.headers()['content-security-policy'] ?? '', /script-src 'self';script-src-attr 'none';style-src 'self';/);
  await page.locator('#main').waitFor();
  assert.equal(await page.evaluate(() => window.__cspViolations), []);
  assertNoProblems(problems);
  await context.close();
});

test.run();
