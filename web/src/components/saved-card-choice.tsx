/** "Pay with": the user's saved cards (the default first chosen) or a new card, as a radio group. */
import { useId } from 'react';
import { BrandMark } from './card-form';
import { expiryLabel } from '../lib/card-rules';
import type { SavedCard } from '../api/cards';

interface Props {
  cards: readonly SavedCard[];
  choice: string;
  newValue: string;
  onChoice: (value: string) => void;
  disabled?: boolean;
}

export function SavedCardChoice({ cards, choice, newValue, onChoice, disabled }: Props) {
  const name = useId();
  return (
    <fieldset className="card-choice" disabled={disabled}>
      <legend>Pay with</legend>
      {cards.map((c) => (
        <label key={c.id} className="card-choice__option">
          <input type="radio" name={name} value={String(c.id)} checked={choice === String(c.id)} onChange={() => onChoice(String(c.id))} />
          <BrandMark brand={c.brand} />
          <span className="card-choice__number">•••• {c.last4}</span>
          <span className="card-choice__meta">Expires {expiryLabel(c.exp_month, c.exp_year)}</span>
        </label>
      ))}
      <label className="card-choice__option">
        <input type="radio" name={name} value={newValue} checked={choice === newValue} onChange={() => onChoice(newValue)} />
        <span className="card-choice__number">A new card</span>
      </label>
    </fieldset>
  );
}
