/**
 * Card brands and the input format for a number's first digits (GET /api/get_credit_card_format/{prefix}/), from
 * the credit-card-type tables (pure data, no I/O). American Express is "amex", as the client names it.
 */
import creditCardType from 'credit-card-type';

interface CardBrand { brand: string; brand_name: string }

export interface CardFormat extends CardBrand {
  /** Digits per group as the number is shown and typed. */
  groups: number[];
  /** The groups as a typing mask: "#### #### #### ####". */
  mask: string;
  lengths: number[];
  cvc_length: number;
}

const UNKNOWN_BRAND: CardBrand = { brand: 'unknown', brand_name: 'Unknown' };

const AMEX_GROUPS = [4, 6, 5];
const DEFAULT_GROUPS = [4, 4, 4, 4];
const ANY_LENGTH = [13, 14, 15, 16, 17, 18, 19];

type Match = ReturnType<typeof creditCardType>[number];

/** The best match of the card tables for the digits typed so far (null when none or still ambiguous). */
function match(digits: string): Match | null {
  if (!/^\d+$/.test(digits)) return null;
  const found = creditCardType(digits);
  if (found.length === 0) return null;
  const best = Math.max(...found.map((c) => c.matchStrength ?? 0));
  const strongest = found.filter((c) => (c.matchStrength ?? 0) === best);
  return strongest.length === 1 ? strongest[0] : null;
}

function brandOf(card: Match): CardBrand {
  return card.type === 'american-express' ? { brand: 'amex', brand_name: card.niceType } : { brand: card.type, brand_name: card.niceType };
}

/** The brand of a full card number (or its first digits). */
export function cardBrand(digits: string): CardBrand {
  const card = match(digits);
  return card ? brandOf(card) : UNKNOWN_BRAND;
}

export function cardFormat(prefix: string): CardFormat {
  const card = match(prefix);
  if (!card) return { ...UNKNOWN_BRAND, groups: DEFAULT_GROUPS, mask: maskOf(DEFAULT_GROUPS), lengths: ANY_LENGTH, cvc_length: 3 };
  const groups = card.type === 'american-express' ? AMEX_GROUPS : DEFAULT_GROUPS;
  return { ...brandOf(card), groups, mask: maskOf(groups), lengths: [...card.lengths], cvc_length: card.code.size };
}

function maskOf(groups: number[]): string {
  return groups.map((n) => '#'.repeat(n)).join(' ');
}
