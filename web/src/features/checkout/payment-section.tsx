/**
 * Payment Method: card (a saved card or a new one, the shared card form), bank transfer (with the required bank
 * location choice: a UK or an international transfer, and our bank details for it) or in store (our store's
 * address and hours). A card over the house's card limit shows why instead of the card's fields.
 */
import { useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { CardFields, type CardForm } from '../../components/card-form';
import { SavedCardChoice } from '../../components/saved-card-choice';
import { fetchCards, type SavedCard } from '../../api/cards';
import { checkout } from './checkout-store';
import { BankDetails, StoreDetails } from '../../components/house-details';
import type { CostSummary, PaymentKind } from './types';
import { cardOverLimit } from './rules';
import { ORDER_MSG } from '../../../../domain/orders/messages';
import type { BankLocation } from '../../api/house';

const NEW_CARD = 'new';

const KINDS: { kind: PaymentKind; label: string; note: string }[] = [
  { kind: 'CARD', label: 'Credit / debit card', note: 'Visa, Mastercard or American Express. A 3% card fee applies.' },
  { kind: 'BANK', label: 'Bank transfer', note: 'From a UK or an international bank account. No card fee.' },
  { kind: 'IN_STORE', label: 'Pay in store', note: 'Pay by card or cash at our store.' },
];

interface Props {
  form: CardForm;
  disabled?: boolean;
}

export function PaymentSection({ form, disabled }: Props) {
  const snap = useSnapshot(checkout);
  const { payment } = snap.draft;
  // Over the card limit no card will do: the card's fields give way to the reason (Place Order says it too).
  const overLimit = cardOverLimit(snap.costs.summary as CostSummary | null);
  const [cards, setCards] = useState<SavedCard[]>([]);
  const name = useId();
  const bankName = useId();

  useEffect(() => {
    let live = true;
    fetchCards().then((list) => live && setCards(list)).catch(() => {}); // no saved cards: the new card form stands
    return () => {
      live = false;
    };
  }, []);

  const choose = (kind: PaymentKind) => {
    const p = checkout.draft.payment;
    p.kind = kind;
    if (kind === 'CARD' && !p.card_id && cards.length && !form.card.card_number) p.card_id = String((cards.find((c) => c.default) ?? cards[0]).id);
    if (kind !== 'CARD') p.card_id = null;
    if (kind !== 'BANK') p.bank_location = null;
  };
  const chooseLocation = (location: BankLocation) => {
    checkout.draft.payment.bank_location = location;
  };

  return (
    <div className="checkout-payment">
      <fieldset className="checkout-options" disabled={disabled}>
        <legend className="visually-hidden">Payment method</legend>
        {KINDS.map(({ kind, label, note }) => (
          <div key={kind} className={`checkout-option-group${payment.kind === kind ? ' is-open' : ''}`}>
            <label className="checkout-option">
              <input type="radio" name={name} value={kind} checked={payment.kind === kind} onChange={() => choose(kind)} />
              <span className="checkout-option__text">
                <span className="checkout-option__label">{label}</span>
                <span className="checkout-option__note">{note}</span>
              </span>
            </label>
            {payment.kind === kind && kind === 'CARD' && overLimit && (
              <div className="checkout-option-group__body">
                <p className="checkout-card-limit">{ORDER_MSG.overCardLimit}</p>
              </div>
            )}
            {payment.kind === kind && kind === 'CARD' && !overLimit && (
              <div className="checkout-option-group__body">
                {cards.length > 0 && (
                  <SavedCardChoice
                    cards={cards} choice={payment.card_id ?? NEW_CARD} newValue={NEW_CARD} disabled={disabled}
                    onChoice={(c) => { checkout.draft.payment.card_id = c === NEW_CARD ? null : c; }}
                  />
                )}
                {!payment.card_id && <CardFields form={form} disabled={disabled} />}
                <p className="fee-form__secure">Card details go straight to our payment provider. We never keep your card number or CVC.</p>
              </div>
            )}
            {payment.kind === kind && kind === 'BANK' && (
              <div className="checkout-option-group__body">
                <fieldset className="checkout-bank-location" aria-describedby={payment.bank_location ? undefined : `${bankName}-hint`}>
                  <legend>Where is your bank account?</legend>
                  <label className="checkout-bank-location__option">
                    <input type="radio" name={bankName} value="UK" checked={payment.bank_location === 'UK'} onChange={() => chooseLocation('UK')} required />
                    UK bank transfer
                  </label>
                  <label className="checkout-bank-location__option">
                    <input type="radio" name={bankName} value="INT" checked={payment.bank_location === 'INT'} onChange={() => chooseLocation('INT')} required />
                    International bank transfer
                  </label>
                </fieldset>
                {payment.bank_location ? (
                  <>
                    <BankDetails location={payment.bank_location} />
                    <p className="checkout-muted">Quote your order number as the payment reference: you will get it when you place the order. Your lots are reserved for you meanwhile.</p>
                  </>
                ) : (
                  <p id={`${bankName}-hint`} className="field__hint">Required: choose where your bank account is to see our bank details.</p>
                )}
              </div>
            )}
            {payment.kind === kind && kind === 'IN_STORE' && (
              <div className="checkout-option-group__body">
                <StoreDetails />
              </div>
            )}
          </div>
        ))}
      </fieldset>
    </div>
  );
}
