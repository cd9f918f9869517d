/**
 * The test Chromium does no work the tests never look at: a browser context (a window, in headless Chromium) opens the
 * page it is asked for and nothing else. Before, every context also loaded the address bar's popup as two pages of
 * its own, which cost as much CPU as the app's pages (docs/testing.md).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser, type BrowserSession } from './browser';

let browser: BrowserSession;
test.before(async () => {
  browser = await launchBrowser();
});
test.after(async () => browser?.close());

/** Every target Chromium holds now: pages, and its own user-interface pages (type browser_ui). */
async function targets(): Promise<{ type: string; url: string }[]> {
  const cdp = await browser.browser.newBrowserCDPSession();
  try {
    return (await cdp.send('Target.getTargets')).targetInfos.map((t) => ({ type: t.type, url: t.url }));
  } finally {
    await cdp.detach();
  }
}

test('two contexts with a page each hold those two pages and no browser UI page', async () => {
  const contexts = [await browser.newContext(), await browser.newContext()];
  for (const context of contexts) await (await context.newPage()).goto('about:blank');
  // The popup's pages were created with the window, before its first page had loaded: they would be here by now.
  const held = await targets();
  for (const context of contexts) await context.close();
  assert.equal(held.filter((t) => t.type !== 'page'), [], 'no other target (chrome://omnibox-popup.top-chrome/ was two per context)');
  assert.is(held.filter((t) => t.type === 'page').length, 2);
});

test.run();
