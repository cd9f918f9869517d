import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedNeed } from './on-start';

const now = new Date('2026-11-21T12:00:00Z');
const dev = { production: false, env: {} as NodeJS.ProcessEnv, now };
const ended = { end: new Date('2026-11-01T00:00:00Z'), finished: true };
const endedNotFinished = { end: new Date('2026-11-01T00:00:00Z'), finished: false };
const running = { end: new Date('2026-11-22T00:00:00Z'), finished: false };

test('an empty house gets the full demo; a house with only past auctions a live and a next one', () => {
  assert.is(seedNeed({ ...dev, auctions: [] }), 'full');
  assert.is(seedNeed({ ...dev, auctions: [ended, endedNotFinished] }), 'live_and_next');
});

test('nothing when an auction is live or upcoming', () => {
  assert.is(seedNeed({ ...dev, auctions: [ended, running] }), 'none');
});

test('never in production, in tests, or when switched off', () => {
  assert.is(seedNeed({ ...dev, production: true, auctions: [] }), 'none');
  assert.is(seedNeed({ ...dev, env: { NODE_ENV: 'test' }, auctions: [] }), 'none');
  assert.is(seedNeed({ ...dev, env: { SEED_ON_START: 'false' }, auctions: [] }), 'none');
});

test.run();
