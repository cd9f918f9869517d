/**
 * How the sandbox treats a card number, after Stripe's test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 3220
 * asks for 3-D Secure, and a few numbers are refused with the issuer's reason. Any other valid number succeeds.
 */
export type Scenario = 'succeed' | 'challenge' | 'declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc';

export interface Refusal { code: string; message: string }

export const REFUSALS = {
  declined: { code: 'card_declined', message: 'Your card was declined.' },
  insufficient_funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expired_card: { code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  authentication_failed: { code: 'authentication_failed', message: 'The card could not be authenticated.' },
  incorrect_number: { code: 'incorrect_number', message: 'Your card number is incorrect.' },
} as const satisfies Record<string, Refusal>;

const SPECIAL: Record<string, Scenario> = {
  '4000000000003220': 'challenge',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
};

export function scenarioOf(digits: string): Scenario {
  return SPECIAL[digits] ?? 'succeed';
}

/** The refusal a scenario ends in (null for the ones that can succeed). */
export function refusalOf(scenario: Scenario): Refusal | null {
  switch (scenario) {
    case 'declined':
    case 'insufficient_funds':
    case 'expired_card':
    case 'incorrect_cvc':
      return REFUSALS[scenario];
    default:
      return null;
  }
}
