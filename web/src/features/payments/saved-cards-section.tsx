/**
 * Settings, "Payment cards" (/account/settings?section=cards): the saved cards (brand, last four, expiry, Default),
 * add one (the card form; 3-D Secure through the payment popup and the return), make one the default, delete one
 * after a confirmation. Spec 1 sections 4 and 7 (Cards).
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ApiError } from '../../api/http';
import { Empty, ErrorNote, Spinner } from '../../components/feedback';
import { openModal } from '../../state/modals';
import { CARD_ADDED } from '../../state/shell-query';
import { AddCardForm } from './add-card-form';
import { BrandMark } from '../../components/card-form';
import { brandName, expiryLabel } from '../../lib/card-rules';
import { cardsStore } from './cards-store';
import { deleteCard, fetchCards, makeDefaultCard, type SavedCard } from '../../api/cards';
import '../../components/payments.css';

const cardName = (c: SavedCard) => `${brandName(c.brand)} ending ${c.last4}`;

function isExpired(c: SavedCard, today = new Date()): boolean {
  return c.exp_year * 12 + c.exp_month < today.getFullYear() * 12 + today.getMonth() + 1;
}

export function SavedCardsSection() {
  const { version, lastAdded } = useSnapshot(cardsStore);
  const [cards, setCards] = useState<SavedCard[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [rowError, setRowError] = useState<{ id: string; text: string } | null>(null);

  const shown = useRef(0);
  shown.current = cards?.length ?? 0;

  /**
   * Reads the list. After a card check came back successful the list is a read model that may trail the return by a
   * moment: while it does not hold more cards than before, it is read again after 150 ms, 300 ms... (five times).
   */
  const load = (expectMoreThan: number | null = null, attempt = 0) => {
    setLoadError(null);
    fetchCards()
      .then((list) => {
        if (expectMoreThan !== null && list.length <= expectMoreThan && attempt < 5) {
          setTimeout(() => load(expectMoreThan, attempt + 1), 150 * 2 ** attempt);
          return;
        }
        setCards(list.map((c) => ({ ...c, id: String(c.id) })));
      })
      .catch((e: Error) => setLoadError(e.message || 'Server error'));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when a card was added (version); lastAdded and load are read as of that render
  useEffect(() => load(version > 0 && lastAdded ? shown.current : null), [version]);
  // A card added through the bank's check: the form has done its work.
  useEffect(() => {
    if (version > 0 && lastAdded) setAdding(false);
  }, [version, lastAdded]);

  const added = (card: SavedCard) => {
    setCards((list) => [...(card.default ? (list ?? []).map((c) => ({ ...c, default: false })) : (list ?? [])), { ...card, id: String(card.id) }]);
    setAdding(false);
    openModal('authSuccess', { title: 'Success!', message: CARD_ADDED });
  };

  const makeDefault = async (card: SavedCard) => {
    setBusy(card.id);
    setRowError(null);
    try {
      await makeDefaultCard(card.id);
      // Setting a default card makes the others non-default (spec 1 section 4).
      setCards((list) => (list ?? []).map((c) => ({ ...c, default: c.id === card.id })));
    } catch (e) {
      setRowError({ id: card.id, text: (e as ApiError).message });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (card: SavedCard) => {
    setBusy(card.id);
    setRowError(null);
    try {
      await deleteCard(card.id);
      setConfirming(null);
      setCards((list) => (list ?? []).filter((c) => c.id !== card.id));
      // Deleting the default makes the newest other card the default: read which.
      if (card.default) load();
    } catch (e) {
      setRowError({ id: card.id, text: (e as ApiError).message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="saved-cards" aria-labelledby="saved-cards-title">
      <div className="saved-cards__head">
        <h2 id="saved-cards-title">Payment cards</h2>
        <p className="muted">Saved cards pay your registration fee and checkout in a click. We keep only a token from our payment provider, never your card number or CVC.</p>
      </div>

      {loadError ? <ErrorNote error={loadError} onRetry={() => load()} /> : cards === null ? <Spinner label="Loading your cards" /> : cards.length === 0 ? (
        !adding && <Empty title="No saved cards yet">Add a card to pay faster next time.</Empty>
      ) : (
        <ul className="saved-cards__list" aria-label="Saved cards">
          {cards.map((c) => (
            <li key={c.id} className={`saved-card${c.default ? ' saved-card--default' : ''}`} aria-label={cardName(c)}>
              <div className="saved-card__row">
                <BrandMark brand={c.brand} />
                <div className="saved-card__main">
                  <p className="saved-card__number">
                    <span aria-hidden="true">•••• </span><span className="visually-hidden">ending </span>{c.last4}
                    {c.default && <span className="saved-card__badge">Default</span>}
                    {isExpired(c) && <span className="saved-card__badge saved-card__badge--expired">Expired</span>}
                  </p>
                  <p className="saved-card__meta">
                    Expires {expiryLabel(c.exp_month, c.exp_year)}{c.card_holder_name ? ` · ${c.card_holder_name}` : ''}
                  </p>
                </div>
                <div className="saved-card__actions">
                  {!c.default && (
                    <button type="button" className="button button--ghost button--small" disabled={busy === c.id} onClick={() => makeDefault(c)}>
                      Make default<span className="visually-hidden"> {cardName(c)}</span>
                    </button>
                  )}
                  <button type="button" className="button button--ghost button--small saved-card__delete" disabled={busy === c.id} aria-expanded={confirming === c.id} onClick={() => setConfirming(confirming === c.id ? null : c.id)}>
                    Delete<span className="visually-hidden"> {cardName(c)}</span>
                  </button>
                </div>
              </div>
              {confirming === c.id && (
                <div className="saved-card__confirm" role="group" aria-label={`Delete ${cardName(c)}?`}>
                  <p>Delete {cardName(c)}? You can add it again at any time.</p>
                  <div className="saved-card__confirm-actions">
                    <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(null)}>Keep card</button>
                    <button type="button" className="button button--small saved-card__remove" disabled={busy === c.id} onClick={() => remove(c)}>
                      {busy === c.id ? 'Deleting…' : 'Delete card'}
                    </button>
                  </div>
                </div>
              )}
              {rowError?.id === c.id && <p className="form-error" role="alert">{rowError.text}</p>}
            </li>
          ))}
        </ul>
      )}

      {adding ? (
        <AddCardForm onAdded={added} onCancel={() => setAdding(false)} />
      ) : (
        cards !== null && <button type="button" className="button button--primary saved-cards__add" onClick={() => setAdding(true)}>Add a card</button>
      )}
    </section>
  );
}
