/**
 * "My sell requests" in the seller's area, in a real browser: a seller files a send_items request through the API,
 * staff receive one item with a condition note and a photo (multipart), and the seller sees the request, the item
 * received with the note and the photo (thumbnail, then full size), the other item still expected, and downloads the
 * request's PDF again (the same text as the one answered at submission). A second seller sees none of it, only the
 * empty state with its link to /selling.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { bearer, type TestUser } from '../../services/testing/users';
import { createAuction } from '../../services/catalogue/testing/fixtures';
import { UK_ACCOUNT } from '../../services/withdrawal/testing';
import { multipart, png } from '../../services/valuation/testing';
import { pdfText } from '../../services/wallet/testing';
import { placeOrder, wonLot } from '../../services/checkout/testing';
import { assertNoProblems, assertNoSidewaysScroll, DESKTOP, logged, newContext, PHONE, startE2E, user, watchProblems, type E2E, type PageProblems } from './helpers';

const DAY = 24 * 60 * 60_000;
const NOTE = 'Seal intact, label scuffed at the back';

let e: E2E;
let seller: TestUser;
let other: TestUser;
let made: { id: string; reference: string; file_data: string };
let relist: { reference: string };

async function api(method: 'GET' | 'POST', url: string, who: TestUser, payload?: object) {
  const res = await e.t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
  assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

test.before(logged(async () => {
  e = await startE2E();
  const staff = await user(e, { staff: true, feePaid: true });
  seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  other = await user(e, { firstName: 'Otto', lastName: 'Other' });
  const next = await createAuction(e.t, staff, { startOffsetMs: 3 * DAY, lengthMs: 7 * DAY });
  made = await api('POST', '/api/sell_request/?type=new_items', seller, {
    items: [{ title: 'Springbank 15 Year Old', quantity: 1 }, { title: 'Lagavulin 16 Year Old', quantity: 2 }],
    type: 'send_items', payment_data: UK_ACCOUNT, auction_id: next.id,
    address: { apartment: '', country: 'united-kingdom', region: '', city: 'Edinburgh', zip_code: 'EH1 1AA', street: '1 High Street' },
  });
  const { items } = await api('GET', `/api/sell_requests/${made.id}/`, seller) as { items: { id: string; title: string }[] };
  const springbank = items.find((i) => i.title === 'Springbank 15 Year Old')!;
  const body = await multipart([
    { name: 'condition_note', value: NOTE },
    { name: 'photo1', value: { data: await png(64, 48), filename: 'front.png', type: 'image/png' } },
  ]);
  const res = await e.t.app.inject({
    method: 'POST', url: `/api/staff/sell_requests/${made.id}/items/${springbank.id}/receive/`,
    payload: body.payload, headers: { ...body.headers, ...bearer(staff) },
  });
  assert.ok(res.statusCode < 300, `receive: ${res.statusCode} ${res.body}`);
  // A relist of a bottle from the seller's storage: no PDF (nothing is delivered), so no download button.
  const bought = await wonLot(e.t, seller.id, { hammerPence: 25000, title: 'Ardbeg Uigeadail' });
  await placeOrder(e.t, seller.id, [bought], { service: 'storage', paid: true, storedUntil: new Date(e.t.clock.now().getTime() + 90 * DAY).toISOString() });
  relist = await api('POST', '/api/sell_request/?type=from_storage', seller, { items: [bought.lotId], auction_id: next.id });
}));

test.after(async () => {
  await e?.close();
});

async function openAs(who: TestUser, viewport = DESKTOP): Promise<{ page: Page; problems: PageProblems }> {
  const context = await newContext(e, viewport, who);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/account/sellers-area`);
  await page.getByRole('heading', { level: 1, name: "Seller's area" }).waitFor();
  return { page, problems };
}

test('the seller sees the request, the received item with its note and photo, the other item expected', async () => {
  const { page, problems } = await openAs(seller);
  const section = page.getByRole('region', { name: 'My sell requests' });
  const card = section.getByRole('article', { name: made.reference });
  await card.waitFor();
  assert.match(await card.innerText(), /Partly received/);
  assert.match(await card.innerText(), /Send by post/);

  const received = card.getByRole('listitem', { name: 'Springbank 15 Year Old' });
  await received.getByText('Received', { exact: true }).waitFor();
  await received.getByText(NOTE).waitFor();
  const thumb = received.getByRole('img', { name: 'Springbank 15 Year Old, photo 1' });
  await thumb.waitFor();
  assert.ok(await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the thumbnail loaded with the token');
  assert.match((await thumb.getAttribute('src')) ?? '', /^blob:/);

  await received.getByRole('button', { name: 'Open photo 1 of Springbank 15 Year Old' }).click();
  const full = page.getByRole('dialog').getByRole('img', { name: 'Springbank 15 Year Old, photo 1, full size' });
  await full.waitFor();
  assert.is(await full.evaluate((img: HTMLImageElement) => img.naturalWidth), 64, 'the full photo, as uploaded');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  const expected = card.getByRole('listitem', { name: 'Lagavulin 16 Year Old' });
  await expected.getByText('Expected', { exact: true }).waitFor();
  assert.is(await expected.getByRole('img').count(), 0);
  assert.is(await card.getByRole('link', { name: 'See the lot' }).count(), 0, 'nothing consigned yet');

  // The PDF again, fetched with the seller's token: the document they got when they submitted.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: `Download PDF of ${made.reference}` }).click();
  const file = await download;
  assert.is(file.suggestedFilename(), `sell-request-${made.reference}.pdf`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seller-requests-e2e-'));
  try {
    const saved = path.join(dir, 'request.pdf');
    await file.saveAs(saved);
    const text = pdfText(fs.readFileSync(saved).toString('base64'));
    for (const part of [`Sell request ${made.reference}`, 'Springbank 15 Year Old x 1', `Write the reference ${made.reference}`]) assert.ok(text.includes(part), `${part} in:\n${text}`);
    assert.is(text, pdfText(made.file_data));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const relisted = section.getByRole('article', { name: relist.reference });
  await relisted.getByText('From your storage').waitFor();
  assert.is(await relisted.getByRole('button', { name: /Download PDF/ }).count(), 0, 'a relist from storage has no PDF');

  await page.setViewportSize(PHONE);
  await assertNoSidewaysScroll(page);
  const button = await card.getByRole('button', { name: `Download PDF of ${made.reference}` }).boundingBox();
  assert.ok(button && button.x >= 0 && button.x + button.width <= PHONE.width, `the button fits a phone: ${JSON.stringify(button)}`);
  // For a look by eye: the section on a phone (in the temp directory, like the seller area's own screenshots).
  await card.screenshot({ path: path.join(os.tmpdir(), 'my-sell-requests-phone.png') });
  assertNoProblems(problems);
});

test('a second seller does not see it: the empty state links to /selling', async () => {
  const { page, problems } = await openAs(other, PHONE);
  const section = page.getByRole('region', { name: 'My sell requests' });
  await section.getByText('No sell requests yet').waitFor();
  assert.is(await section.getByRole('article').count(), 0);
  assert.is(await page.getByText(made.reference).count(), 0);
  const start = section.getByRole('link', { name: 'Start a sell request' });
  assert.is(await start.getAttribute('href'), '/selling');
  const res = await e.t.app.inject({ method: 'GET', url: `/api/sell_requests/${made.id}/`, headers: bearer(other) });
  assert.is(res.statusCode, 404);
  assertNoProblems(problems);
});

test.run();
