/** The watch every browser test relies on catches violations: a page breaking its CSP fails the context's close. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser, type BrowserSession } from './browser';

let browser: BrowserSession;
test.before(async () => {
  browser = await launchBrowser();
});
test.after(async () => browser?.close());

const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'none'";

async function visit(html: string): Promise<Error | null> {
  const context = await browser.newContext();
  await context.route('http://csp.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', headers: { 'content-security-policy': CSP }, body: html }));
  const page = await context.newPage();
  await page.goto('http://csp.test/');
  await page.waitForTimeout(200);
  try {
    await context.close();
    return null;
  } catch (error) {
    return error as Error;
  }
}

test('a clean page closes quietly', async () => {
  assert.is(await visit('<p>fine</p>'), null);
});

test('an inline style attribute, a <style> element and an inline script each fail the close', async () => {
  for (const html of ['<p style="color:red">x</p>', '<style>p{color:red}</style><p>x</p>', '<script>document.title="x"</script>']) {
    const error = await visit(html);
    assert.ok(error, html);
    assert.match(error!.message, /Content-Security-Policy violations/);
  }
});

test('styles set through the CSSOM (React, uPlot) are not violations', async () => {
  const context = await browser.newContext();
  await context.route('http://csp.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', headers: { 'content-security-policy': CSP }, body: '<p id="p">x</p>' }));
  const page = await context.newPage();
  await page.goto('http://csp.test/');
  await page.evaluate(() => { document.getElementById('p')!.style.color = 'red'; });
  assert.is(await page.evaluate(() => getComputedStyle(document.getElementById('p')!).color), 'rgb(255, 0, 0)');
  await context.close();
});

test.run();
