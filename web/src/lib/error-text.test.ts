import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorText, fieldErrors } from './error-text';

test('no response', () => {
  assert.is(errorText({ networkMessage: 'Failed to fetch' }), 'Failed to fetch');
  assert.is(errorText({}), 'Server Error');
});

test('plain (non-JSON) body', () => {
  assert.is(errorText({ status: 502, data: '<html>Bad gateway</html>', json: false }), 'Server Error With Status 502');
});

test('string, list, detail, errors list and nested field data', () => {
  assert.is(errorText({ status: 400, data: 'Lot is closed', json: true }), 'Lot is closed');
  assert.is(errorText({ status: 400, data: ['First problem', 'Second'], json: true }), 'First problem');
  assert.is(errorText({ status: 400, data: { detail: 'Bid too low' }, json: true }), 'Bid too low');
  assert.is(errorText({ status: 400, data: { errors: [{ code: 'x', description: 'Card declined' }] }, json: true }), 'Card declined');
  assert.is(errorText({ status: 400, data: { email: ['Enter a valid email.'] }, json: true }), 'Email: Enter a valid email.');
  assert.is(errorText({ status: 400, data: { non_field_errors: ['Nope'] }, json: true }), 'Nope');
  assert.is(errorText({ status: 500, data: {}, json: true }), 'Server error');
  assert.is(errorText({ status: 500, data: null, json: true }), 'Server error');
});

test('field errors', () => {
  assert.equal(fieldErrors({ email: ['Taken'], vat_number: 'Bad', detail: 'x' }), { email: 'Taken', vat_number: 'Bad' });
  assert.equal(fieldErrors('x'), {});
});

test.run();
