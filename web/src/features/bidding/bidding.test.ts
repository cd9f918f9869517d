import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../api/http';
import { MESSAGES } from '../../../../domain/catalogue/lot/place-bid';
import { isRegistrationFeeError } from './bidding';

const refusal = (status: number, detail: string) => new ApiError(detail, status, { detail }, {});

test("the server's refusal for an unpaid registration fee is recognised (it opens the MemberFee modal)", () => {
  assert.ok(isRegistrationFeeError(refusal(400, MESSAGES.registrationFee)));
  assert.ok(isRegistrationFeeError(refusal(402, 'Payment required')));
});

test('other refusals are not mistaken for it', () => {
  for (const detail of [MESSAGES.ended, MESSAGES.ownLot, MESSAGES.notStarted, 'Your bid must be at least £15.']) {
    assert.not.ok(isRegistrationFeeError(refusal(400, detail)), detail);
  }
});

test.run();
