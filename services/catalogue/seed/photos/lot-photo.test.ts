import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { digestOf, renderSvg } from '../../../content/rendered-images';
import { generateLot } from '../generator';
import { seededRandom } from '../random';
import { lotPhotoSvg, photoSubject } from './lot-photo';

const rng = seededRandom(11);
const lots = Array.from({ length: 40 }, () => generateLot(rng, 2026).item);
const bottle = lots.find((l) => l.type === 'bottle' && l.age !== null)!;

test('a lot’s photograph shows its distillery, age, bottling, size and strength, and its lot number', () => {
  const svg = lotPhotoSvg(bottle, '202611-0007');
  const s = photoSubject(bottle, '202611-0007');
  for (const shown of [s.distillery.toUpperCase().replace('&', '&amp;').replace("'", '&apos;'), String(bottle.age), 'YEARS OLD', s.finish, `${bottle.volume_ml! / 10}cl`, `${bottle.abv}% vol`, '202611-0007']) {
    assert.ok(svg.includes(shown), `shows ${shown}`);
  }
});

test('a cask shows its stencil: cask number, year distilled, type', () => {
  const cask = { ...bottle, type: 'cask' as const, cask_type: 'Sherry butt', cask_number: '4412', distilled_at: '2009', volume_ml: 480_000, abv: 58.1 };
  const svg = lotPhotoSvg(cask, '202611-0008');
  for (const shown of ['CASK No 4412', 'DISTILLED 2009', 'SHERRY BUTT', '480 L', '58.1%']) assert.ok(svg.includes(shown), `shows ${shown}`);
});

test('the same lot renders the same bytes; another lot other bytes', async () => {
  const a = await renderSvg(lotPhotoSvg(bottle, '202611-0007'));
  const again = await renderSvg(lotPhotoSvg(bottle, '202611-0007'));
  const other = await renderSvg(lotPhotoSvg(bottle, '202611-0009'));
  assert.is(digestOf(a.full), digestOf(again.full));
  assert.is(digestOf(a.thumb), digestOf(again.thumb));
  assert.is.not(digestOf(a.full), digestOf(other.full));
  assert.equal([a.width, a.height], [640, 800]);
});

test.run();
