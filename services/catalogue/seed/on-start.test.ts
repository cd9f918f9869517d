import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedNeed } from './on-start';

const now = new Date('2026-11-21T12:00:00Z');
const dev = { production: false, env: {} as NodeJS.ProcessEnv, now };
const ended = { start: new Date('2026-10-25T00:00:00Z'), end: new Date('2026-11-01T00:00:00Z'), finished: true };
const endedNotFinished = { start: new Date('2026-10-25T00:00:00Z'), end: new Date('2026-11-01T00:00:00Z'), finished: false };
const running = { start: new Date('2026-11-20T00:00:00Z'), end: new Date('2026-11-22T00:00:00Z'), finished: false };
const upcoming = { start: new Date('2026-11-28T00:00:00Z'), end: new Date('2026-12-05T00:00:00Z'), finished: false };

test('an empty house gets the full demo; a house with only past auctions a live and a next one', () => {
  assert.equal(seedNeed({ ...dev, auctions: [] }), { past: true, live: true, next: true });
  assert.equal(seedNeed({ ...dev, auctions: [ended, endedNotFinished] }), { past: false, live: true, next: true });
});

test('a live auction is seeded whenever none is live, even with one upcoming (a restart after the demo close)', () => {
  assert.equal(seedNeed({ ...dev, auctions: [ended, upcoming] }), { past: false, live: true, next: false });
  assert.equal(seedNeed({ ...dev, auctions: [ended, running] }), { past: false, live: false, next: true });
});

test('nothing when an auction is live and another upcoming', () => {
  assert.is(seedNeed({ ...dev, auctions: [ended, running, upcoming] }), null);
});

test('never in production, in tests, or when switched off', () => {
  assert.is(seedNeed({ ...dev, production: true, auctions: [] }), null);
  assert.is(seedNeed({ ...dev, env: { NODE_ENV: 'test' }, auctions: [] }), null);
  assert.is(seedNeed({ ...dev, env: { SEED_ON_START: 'false' }, auctions: [] }), null);
});

test.run();
