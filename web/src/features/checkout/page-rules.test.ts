import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { challengeWindowSize, lowStorage, parseCheckoutQuery, scaData, storageDaysLeft } from './page-rules';

test('the query pre-selects stored lots and the service; anything else is ignored', () => {
  assert.equal(parseCheckoutQuery('?id=a, b,,a&type=storage'), { ids: ['a', 'b'], service: 'storage' });
  assert.equal(parseCheckoutQuery('?type=wallet-settle'), { ids: [], service: 'wallet_settle' });
  assert.equal(parseCheckoutQuery('?type=teleport'), { ids: [], service: null });
  assert.equal(parseCheckoutQuery(''), { ids: [], service: null });
});

test('the challenge window size comes from the window size', () => {
  assert.is(challengeWindowSize(390, 844), 'FullScreen');
  assert.is(challengeWindowSize(1280, 900), 'ExtraLarge');
  assert.is(challengeWindowSize(1000, 700), 'Large');
  assert.is(challengeWindowSize(800, 600), 'Medium');
  assert.is(challengeWindowSize(600, 500), 'Small');
  const sca = scaData({ language: 'en-GB', colorDepth: 24, screenWidth: 1920, screenHeight: 1080, tzOffsetMinutes: -60, javaEnabled: false, windowWidth: 390, windowHeight: 800 });
  assert.equal(sca, {
    browserLanguage: 'en-GB', browserColorDepth: 24, browserScreenHeight: 1080, browserScreenWidth: 1920, browserTZ: -60,
    browserJavascriptEnabled: true, browserJavaEnabled: false, challengeWindowSize: 'FullScreen',
  });
});

test('storage days left and the low-storage warning under 10 days', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  assert.is(storageDaysLeft('2026-03-10T12:00:00Z', now), 9);
  assert.is(storageDaysLeft('2026-03-11T12:00:00Z', now), 10);
  assert.is(storageDaysLeft('2026-02-01T00:00:00Z', now), 0);
  assert.is(storageDaysLeft(null, now), null);
  assert.is(lowStorage(9), true);
  assert.is(lowStorage(10), false);
  assert.is(lowStorage(null), false);
});

test.run();
