import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Auction } from '../../lib/types';
import { anAuction } from '../../lib/catalogue-fixture';
import { auctionsForCaps, CAP_FORMAT_MESSAGE, meterShare, meterText, readCapInput } from './rules';

test('readCapInput takes pounds as people type them and sends a decimal string', () => {
  assert.equal(readCapInput('500'), { ok: true, cap: '500.00' });
  assert.equal(readCapInput(' 500.5 '), { ok: true, cap: '500.50' });
  assert.equal(readCapInput('£1,000'), { ok: true, cap: '1000.00' });
  // The range is the server's: its refusal names the limits.
  assert.equal(readCapInput('0'), { ok: true, cap: '0.00' });
});

test('readCapInput refuses what is not an amount with the server\'s wording', () => {
  for (const text of ['', '  ', 'abc', '10.505', '-20', '1e3']) {
    assert.equal(readCapInput(text), { ok: false, message: CAP_FORMAT_MESSAGE }, text);
  }
});

test('meterShare fills against the cap and stops at full', () => {
  assert.is(meterShare('60.00', '100.00'), 0.6);
  assert.is(meterShare('0.00', '100.00'), 0);
  assert.is(meterShare('150.00', '100.00'), 1);
  assert.is(meterShare('60.00', null), 0);
  assert.is(meterText('60.00', '1000.00'), '£60 of £1,000');
});

const auction = (id: string, start: string): Auction => anAuction({ id, start_date: start, end_date: '2030-01-01T00:00:00Z' });

test('auctionsForCaps: the live ones, then the two soonest next ones, each once', () => {
  const live = [auction('L', '2026-01-01T00:00:00Z')];
  const next = [
    auction('N3', '2026-04-01T00:00:00Z'), auction('N1', '2026-02-01T00:00:00Z'), auction('L', '2026-01-01T00:00:00Z'),
    auction('N2', '2026-03-01T00:00:00Z'),
  ];
  assert.equal(auctionsForCaps(live, next).map((a) => a.id), ['L', 'N1', 'N2']);
  assert.equal(auctionsForCaps([], []), []);
});

test.run();
