/**
 * The card form shared by the MemberFee modal and the saved cards screen: number (live type guess and mask, the
 * server's format rules once exactly 6 digits are typed), expiry MM/YY, CVC (4 for amex) and the name on the card,
 * with the browser's card autofill. `useCardForm` holds the values, the messages (the client's and the server's on
 * the same field names) and the Idempotency-Key of the current attempt.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { mayPass, newIdempotencyKey, type ApiError } from '../api/http';
import {
  brandName, brandShortName, CARD_FIELDS, cardBody, digitsOf, emptyCard, formatFromLookup, FORMAT_PREFIX_LENGTH,
  guessFormat, maskCardNumber, maskExpiry, validateCard, validateCardNumber, validateCvc, validateExpiry, validateHolder,
  type CardField, type CardFormat, type CardInput,
} from '../lib/card-rules';
import { MaskedField } from './masked-field';
import { fetchCardFormat } from '../api/cards';

type Errors = Partial<Record<CardField, string>>;

// Format answers by prefix, for the page's lifetime (they never change).
const formatCache = new Map<string, CardFormat | null>();

export interface CardForm {
  card: CardInput;
  format: CardFormat;
  errors: Errors;
  set(field: CardField, value: string): void;
  blur(field: CardField): void;
  /** Checks every field; false (with the messages shown and the first bad field focused) when one is wrong. */
  validate(): boolean;
  body(): CardInput;
  /** The Idempotency-Key of this attempt: the same on a retry after a network failure, new once anything changed. */
  attemptKey(): string;
  /**
   * After a failed call: the server's field messages go onto the fields; answers the text for the form's alert
   * (the server's detail, or null when only fields were wrong). A failure that may pass (no answer, 429, 5xx) keeps
   * the attempt's key: the payment may have been made, and the same key again is answered with it, never a second one.
   */
  failed(error: unknown): string | null;
  /** The call answered: the next submit is a new attempt. */
  settled(): void;
  reset(): void;
  ids: Record<CardField, string>;
}

function check(field: CardField, card: CardInput, format: CardFormat): string | null {
  switch (field) {
    case 'card_number': return validateCardNumber(card.card_number);
    case 'expiry_date': return validateExpiry(card.expiry_date);
    case 'cvv': return validateCvc(card.cvv, format.cvcLength);
    case 'card_holder_name': return validateHolder(card.card_holder_name);
  }
}

export function useCardForm(): CardForm {
  const [card, setCard] = useState(emptyCard);
  const [errors, setErrors] = useState<Errors>({});
  const [, setLookedUp] = useState(0);
  const key = useRef<string | null>(null);
  const base = useId();
  const ids = Object.fromEntries(CARD_FIELDS.map((f) => [f, `${base}-${f}`])) as Record<CardField, string>;

  const digits = digitsOf(card.card_number);
  const prefix = digits.slice(0, FORMAT_PREFIX_LENGTH);
  const format = (prefix.length === FORMAT_PREFIX_LENGTH && formatCache.get(prefix)) || guessFormat(digits);

  // The server's format rules are asked for only when exactly six digits are entered (spec 1 sections 5 and 9).
  useEffect(() => {
    if (digits.length !== FORMAT_PREFIX_LENGTH || formatCache.has(digits)) return;
    let live = true;
    fetchCardFormat(digits)
      .then((answer) => {
        formatCache.set(digits, formatFromLookup(answer));
        if (live) setLookedUp((n) => n + 1);
      })
      .catch(() => formatCache.set(digits, null)); // the local guess stands
    return () => {
      live = false;
    };
  }, [digits]);

  const set = (field: CardField, value: string) => {
    key.current = null;
    const next = { ...card, [field]: value };
    setCard(next);
    // A field showing a message is checked as it changes, so the message goes as soon as it is fixed.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: check(field, next, guessFormat(next.card_number)) ?? undefined }));
  };

  const focusFirst = (found: Errors) => {
    const first = CARD_FIELDS.find((f) => found[f]);
    if (first) document.getElementById(ids[first])?.focus();
  };

  return {
    card, format, errors, ids, set,
    blur(field) {
      // An untouched empty field is not nagged about while the person tabs through.
      if (!card[field]) return;
      setErrors((e) => ({ ...e, [field]: check(field, card, format) ?? undefined }));
    },
    validate() {
      const found = validateCard(card, format);
      setErrors(found);
      focusFirst(found);
      return Object.keys(found).length === 0;
    },
    body: () => cardBody(card),
    attemptKey() {
      key.current ??= newIdempotencyKey();
      return key.current;
    },
    failed(error) {
      const err = error as ApiError;
      if (!mayPass(err)) key.current = null;
      const fields = err?.fields ?? {};
      const onFields: Errors = {};
      for (const f of CARD_FIELDS) if (fields[f]) onFields[f] = fields[f];
      if (Object.keys(onFields).length) {
        setErrors(onFields);
        focusFirst(onFields);
      }
      const data = (err?.data ?? {}) as Record<string, unknown>;
      const detail = typeof data.detail === 'string' ? data.detail : null;
      if (detail) return detail;
      return Object.keys(onFields).length ? null : err?.message || 'Server error';
    },
    settled() {
      key.current = null;
    },
    reset() {
      key.current = null;
      setCard(emptyCard());
      setErrors({});
    },
  };
}

/** The brand as a small tag; its title gives the full name (American Express for Amex). */
export function BrandMark({ brand }: { brand: string }) {
  return <span className={`card-brand card-brand--${/^[a-z]+$/.test(brand) ? brand : 'unknown'}`} title={brandName(brand)}>{brandShortName(brand)}</span>;
}

/** The four card fields. `disabled` while a payment is under way. */
export function CardFields({ form, disabled }: { form: CardForm; disabled?: boolean }) {
  const { card, errors, format, ids } = form;
  const digits = digitsOf(card.card_number);
  return (
    <div className="card-fields">
      <MaskedField
        id={ids.card_number} label="Card number" className="card-fields__number" value={maskCardNumber(card.card_number, format)}
        mask={(typed) => maskCardNumber(typed, guessFormat(typed))} onValue={(v) => form.set('card_number', v)} onBlur={() => form.blur('card_number')}
        error={errors.card_number} inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" disabled={disabled}
        adornment={<span className="card-input__brand" aria-live="polite">{digits ? <BrandMark brand={format.brand} /> : null}</span>}
      />
      <MaskedField
        id={ids.expiry_date} label="Expiry date" value={card.expiry_date} mask={maskExpiry}
        onValue={(v) => form.set('expiry_date', v)} onBlur={() => form.blur('expiry_date')} error={errors.expiry_date}
        inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" disabled={disabled}
      />
      <MaskedField
        id={ids.cvv} label="CVC" value={card.cvv} mask={(typed) => digitsOf(typed).slice(0, format.cvcLength)}
        onValue={(v) => form.set('cvv', v)} onBlur={() => form.blur('cvv')} error={errors.cvv}
        hint={format.brand === 'amex' ? '4 digits on the front' : '3 digits on the back'}
        inputMode="numeric" autoComplete="cc-csc" placeholder={format.cvcLength === 4 ? '1234' : '123'} disabled={disabled}
      />
      <MaskedField
        id={ids.card_holder_name} label="Name on card" className="card-fields__name" value={card.card_holder_name}
        onValue={(v) => form.set('card_holder_name', v)} onBlur={() => form.blur('card_holder_name')} error={errors.card_holder_name}
        autoComplete="cc-name" autoCapitalize="words" spellCheck={false} disabled={disabled}
      />
    </div>
  );
}
