import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../shared/given-when-then';
import { MSG, objectErrors, valuationDecider } from './decide';
import type { ValuationCommand } from './commands';
import type { ValuationEvent, ValuationObject } from './events';
import { valuationReference } from './events';

const NOW = '2026-11-21T12:00:00.000Z';
const decider = valuationDecider;
const image = (id: string) => ({ image_id: id, file: `${id}.jpg`, thumb: `${id}-t.webp`, content_type: 'image/jpeg', size_bytes: 1000 });
const obj = (title: string, n = 1): ValuationObject => ({ title, images: Array.from({ length: n }, (_, i) => image(`${title}-${i}`)) });
const ask = (objects: ValuationObject[]): ValuationCommand => ({ type: 'RequestValuation', valuation_id: 'v1', reference_no: 7, user_id: 'u1', objects, now: NOW });
const requested = (objects: ValuationObject[]): ValuationEvent => ({
  type: 'ValuationRequested', data: { valuation_id: 'v1', reference_no: 7, user_id: 'u1', objects, requested_at: NOW },
});
const estimate = (low: number | null, high: number | null, message = 'Around this.'): ValuationCommand =>
  ({ type: 'AnswerValuation', valuation_id: 'v1', decision: 'estimate', low_pence: low, high_pence: high, message, by: 'staff1', now: NOW });
const decline = (message = 'Not for us.'): ValuationCommand =>
  ({ type: 'AnswerValuation', valuation_id: 'v1', decision: 'decline', low_pence: null, high_pence: null, message, by: 'staff1', now: NOW });
const answered = (decision: 'estimate' | 'decline', low: number | null, high: number | null, message: string): ValuationEvent => ({
  type: 'ValuationAnswered',
  data: { valuation_id: 'v1', user_id: 'u1', decision, low_pence: low, high_pence: high, message, by: 'staff1', answered_at: NOW },
});

test('a request with objects and photos is recorded, titles trimmed', () => {
  given(decider, []).when(ask([obj('  Ardbeg 10 ', 2)])).thenEvents([requested([{ ...obj('  Ardbeg 10 ', 2), title: 'Ardbeg 10' }])]);
});

test('object and photo counts: 1..10 objects, 1..10 photos each, a title each', () => {
  given(decider, []).when(ask([])).thenError('validation', MSG.noObjects);
  given(decider, []).when(ask(Array.from({ length: 11 }, (_, i) => obj(`o${i}`)))).thenError('validation', MSG.tooManyObjects);
  given(decider, []).when(ask([obj('a', 0)])).thenError('validation', MSG.noImages(1));
  given(decider, []).when(ask([obj('a'), obj('b', 11)])).thenError('validation', MSG.tooManyImages(2));
  given(decider, []).when(ask([obj('   ')])).thenError('validation', MSG.titleRequired(1));
  given(decider, []).when(ask(Array.from({ length: 10 }, (_, i) => obj(`o${i}`, 10)))).events();
  assert.equal(objectErrors([{ title: 'x'.repeat(201), imageCount: 1 }]), [MSG.titleTooLong(1)]);
});

test('a request is made once', () => {
  given(decider, [requested([obj('a')])]).when(ask([obj('a')])).thenError('rule_broken', MSG.alreadyRequested);
});

test('staff estimate: both amounts above zero, low <= high, with a message', () => {
  const history = [requested([obj('a')])];
  given(decider, history).when(estimate(10000, 15000, ' Fine bottle ')).thenEvents([answered('estimate', 10000, 15000, 'Fine bottle')]);
  given(decider, history).when(estimate(10000, 10000)).events();
  given(decider, history).when(estimate(15000, 10000)).thenError('validation');
  given(decider, history).when(estimate(0, 10000)).thenError('validation');
  given(decider, history).when(estimate(null, 10000)).thenError('validation');
  given(decider, history).when(estimate(100, 200, '   ')).thenError('validation');
});

test('staff decline carries a message and no amounts', () => {
  const history = [requested([obj('a')])];
  given(decider, history).when(decline()).thenEvents([answered('decline', null, null, 'Not for us.')]);
  given(decider, history).when({ ...decline(), low_pence: 100 } as ValuationCommand).thenError('validation');
});

test('an answer needs a request and is given once', () => {
  given(decider, []).when(decline()).thenError('not_found');
  given(decider, [requested([obj('a')]), answered('decline', null, null, 'No.')]).when(estimate(1, 2)).thenError('rule_broken', MSG.alreadyAnswered);
});

test('references read V-000123', () => {
  assert.is(valuationReference(123), 'V-000123');
  assert.is(valuationReference(1234567), 'V-1234567');
});

test.run();
