import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Conflict, RuleBroken } from '../../domain/shared/errors';
import { MESSAGES } from '../../domain/catalogue/lot/place-bid';
import { refusalReason } from './refusal-reason';
import { LeaseLost } from './lot-leases';

test('the domain refusals map to fixed labels, never to their messages (which carry amounts)', () => {
  assert.is(refusalReason(new RuleBroken(MESSAGES.ended)), 'ended');
  assert.is(refusalReason(new RuleBroken(MESSAGES.registrationFee)), 'registration_fee');
  assert.is(refusalReason(new RuleBroken('Your bid must be at least £12.00.')), 'below_minimum');
  assert.is(refusalReason(new RuleBroken('Your bid must be at least £9,500.00.')), 'below_minimum');
  assert.is(refusalReason(new RuleBroken('Your bid cannot be more than £1,000,000.00.')), 'above_maximum');
  assert.is(refusalReason(new RuleBroken('Your new maximum bid must be higher than your current maximum bid of £30.00.')), 'not_above_own_maximum');
  assert.is(refusalReason(new RuleBroken('This bid would bring your total in this auction to £500.00, over your spending cap of £400.00.')), 'spending_cap');
  assert.is(refusalReason(new RuleBroken('Something new.')), 'other_rule');
  assert.is(refusalReason(new LeaseLost('lot-1')), 'lease_moved');
  assert.is(refusalReason(new Conflict('Your bids in this auction are changing too quickly. Please try again.')), 'conflict');
});

test.run();
