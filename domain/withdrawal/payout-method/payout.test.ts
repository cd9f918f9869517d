import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import type { ValidationError } from '../../shared/errors';
import { payoutDecider } from './decide';
import type { AddPayoutMethod, ChangePayoutMethod } from './commands';
import type { PayoutEvent, UkBankDetails, IntBankDetails } from './events';

const NOW = '2026-11-21T12:00:00.000Z';
const LATER = '2026-11-21T12:05:00.000Z';
const uk: UkBankDetails = { type: 'UK_BANK', account_owner_uk: 'Isla Grant', sort_code_uk: '12-34-56', account_number_uk: '12345678' };
const int: IntBankDetails = {
  type: 'INT_BANK', account_owner_int: 'Isla Grant', iban_int: 'DE89370400440532013000', bic_swift_int: 'DEUTDEFF', bank_address_int: 'Frankfurt am Main',
};
const add = (o: Partial<AddPayoutMethod> = {}): AddPayoutMethod => ({
  type: 'AddPayoutMethod', user_id: 'u-1', method_id: 'm-1', input: { ...uk, sort_code_uk: '123456' }, make_default: false, now: NOW, ...o,
});
const change = (o: Partial<ChangePayoutMethod> = {}): ChangePayoutMethod => ({
  type: 'ChangePayoutMethod', user_id: 'u-1', method_id: 'm-1', input: {}, make_default: false, now: LATER, ...o,
});
const ukAdded: PayoutEvent = {
  type: 'PayoutMethodAdded', data: { user_id: 'u-1', method_id: 'm-1', details: uk, label: 'UK account ••••5678', is_default: true, at: NOW },
};
const intAdded: PayoutEvent = {
  type: 'PayoutMethodAdded', data: { user_id: 'u-1', method_id: 'm-2', details: int, label: 'IBAN ••••3000', is_default: false, at: NOW },
};

test('the first method is added normalised, labelled and made the default', () => {
  given(payoutDecider, []).when(add()).thenEvents([ukAdded]);
});

test('a later method is not the default unless asked; asked, the default moves to it', () => {
  given(payoutDecider, [ukAdded]).when(add({ method_id: 'm-2', input: int })).thenEvents([intAdded]);
  const outcome = given(payoutDecider, [ukAdded]).when(add({ method_id: 'm-2', input: int, make_default: true }));
  outcome.thenEvents([
    { ...intAdded, data: { ...intAdded.data, is_default: true } } as PayoutEvent,
    { type: 'DefaultPayoutMethodChanged', data: { user_id: 'u-1', method_id: 'm-2', previous_method_id: 'm-1', at: NOW } },
  ]);
  assert.is(outcome.state().defaultId, 'm-2');
});

test('bad fields are refused with the form messages', () => {
  const error = given(payoutDecider, []).when(add({ input: { type: 'UK_BANK', account_owner_uk: 'Isla', sort_code_uk: '12-34', account_number_uk: '123' } }))
    .thenError('validation') as ValidationError;
  assert.equal(error.fields, { sort_code_uk: ['Enter the sort code as nn-nn-nn'], account_number_uk: ['Account number must be 8 digits'] });
});

test('the same account twice is refused, however it was typed', () => {
  given(payoutDecider, [ukAdded]).when(add({ method_id: 'm-9', input: { ...uk, sort_code_uk: '12 34 56', account_owner_uk: 'Someone' } }))
    .thenError('rule_broken', 'This payout method is already saved.');
});

test('a change records the full resulting details; an unchanged save records nothing', () => {
  given(payoutDecider, [ukAdded]).when(change({ input: { account_number_uk: '87654321' } })).thenEvents([{
    type: 'PayoutMethodChanged',
    data: { user_id: 'u-1', method_id: 'm-1', details: { ...uk, account_number_uk: '87654321' }, label: 'UK account ••••4321', at: LATER },
  }]);
  given(payoutDecider, [ukAdded]).when(change({ input: { sort_code_uk: '123456' } })).thenNothing();
});

test('changing the type needs the new type\'s fields', () => {
  const error = given(payoutDecider, [ukAdded]).when(change({ input: { type: 'INT_BANK', account_owner_int: 'Isla Grant' } })).thenError('validation') as ValidationError;
  assert.equal(Object.keys(error.fields), ['iban_int', 'bic_swift_int', 'bank_address_int']);
  const [event] = given(payoutDecider, [ukAdded]).when(change({ input: int })).events();
  assert.equal(event.type === 'PayoutMethodChanged' && [event.data.details, event.data.label], [int, 'IBAN ••••3000']);
});

test('making a method the default; already the default records nothing', () => {
  given(payoutDecider, [ukAdded, intAdded]).when(change({ method_id: 'm-2', make_default: true })).thenEvents([
    { type: 'DefaultPayoutMethodChanged', data: { user_id: 'u-1', method_id: 'm-2', previous_method_id: 'm-1', at: LATER } },
  ]);
  given(payoutDecider, [ukAdded, intAdded]).when(change({ method_id: 'm-1', make_default: true })).thenNothing();
});

test('a change may not turn a method into a copy of another', () => {
  given(payoutDecider, [ukAdded, intAdded]).when(change({ method_id: 'm-2', input: uk })).thenError('rule_broken', 'This payout method is already saved.');
});

test('an unknown method cannot be changed', () => {
  given(payoutDecider, [ukAdded]).when(change({ method_id: 'nope' })).thenError('not_found', 'Payout method not found.');
});

test('at most ten methods', () => {
  const history: PayoutEvent[] = Array.from({ length: 10 }, (_, i) => ({
    type: 'PayoutMethodAdded',
    data: { user_id: 'u-1', method_id: `m-${i}`, details: { ...uk, account_number_uk: String(10000000 + i) }, label: 'x', is_default: i === 0, at: NOW },
  }));
  given(payoutDecider, history).when(add({ method_id: 'm-new', input: int })).thenError('rule_broken', 'You can save at most 10 payout methods.');
});

test.run();
