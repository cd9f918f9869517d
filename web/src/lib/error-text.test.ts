import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorText, fieldErrors, flatFieldErrors } from './error-text';

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


test('friendlyFailure: what a person can do, not the server\'s technical text', async () => {
  const { friendlyFailure } = await import('./error-text');
  const failed = (status: number | undefined, message: string) => Object.assign(new Error(message), { status });
  assert.is(friendlyFailure(failed(401, 'Authentication credentials were not provided.'), 'download your order'), 'Please sign in again to download your order.');
  assert.is(friendlyFailure(failed(undefined, 'Failed to fetch'), 'download your order'), 'We could not reach the auction house. Please check your connection and try again.');
  assert.is(friendlyFailure(failed(503, 'Server error'), 'save your like'), 'Something went wrong on our side. Please try again in a moment.');
  assert.is(friendlyFailure(failed(404, 'Order not found.'), 'download your order'), 'Order not found.', 'a refusal written for people is kept');
  assert.is(friendlyFailure(failed(400, 'Server Error With Status 400'), 'download your order'), 'We could not download your order. Please try again.');
});

test('server field errors are flattened to dotted keys, wherever they sit', () => {
  const errors = flatFieldErrors({
    detail: 'ignored', billing_address: { zip_code: ['bad zip'] }, 'shipping_address.city': ['bad city'],
    payment_method: { details: { card_number: ['Card number is invalid'] } }, used_from_wallet: ['Amount cannot exceed the balance'],
  });
  assert.equal(errors, {
    'billing_address.zip_code': 'bad zip', 'shipping_address.city': 'bad city',
    'payment_method.details.card_number': 'Card number is invalid', used_from_wallet: 'Amount cannot exceed the balance',
  });
  assert.equal(flatFieldErrors('text'), {});
});

test.run();
