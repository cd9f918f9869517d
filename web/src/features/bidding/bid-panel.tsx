/**
 * The lot's bid panel: display state rows (labels from the specification table), the countdown on the server
 * clock, the next minimum bid, and the maximum-bid form that opens the ConfirmBid modal.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { checkBidAmount, suggestedBids } from './bid-amount';
import { BID_ROLE_LABELS, lotBidState, nextMinimumBid, panelRows, type BidState } from '../../lib/bid-state';
import { formatDateTime } from '../../lib/dates';
import { effectiveEnd } from '../../lib/lot-merge';
import { formatGBP, formatPence, penceToDecimal, toPence } from '../../lib/money';
import { extensionText, type Extension } from '../../lib/soft-close';
import { clearBidError, clearBidNotice, currentNotice, lotsStore, setBidError } from '../../state/lots';
import { openModal } from '../../state/modals';
import { loadUser, session } from '../../state/session';
import { LotCosts } from './lot-costs/lot-costs';
import { Countdown } from '../../components/countdown';
import { useNow } from '../../components/hooks';

const STATUS_LINE: Partial<Record<BidState, string>> = {
  winning: 'You are the highest bidder.',
  reserve: 'You are the highest bidder, but the reserve has not been met yet.',
  notWinning: 'You have been outbid. Raise your maximum to get back in the lead.',
  reserveNotMet: 'The reserve has not been met yet.',
};

/** The extension seen live when it led to this end, else (page opened after it) only the end it moved to. */
const extension = (to: string, seen: Extension | undefined): Extension => (seen && seen.to === to ? seen : { from: null, to });

export function BidPanel({ lotId }: { lotId: string }) {
  const snap = useSnapshot(lotsStore);
  const lot = snap.byId[lotId];
  const error = snap.errors[lotId];
  const storedNotice = snap.notices[lotId];
  const { status, user } = useSnapshot(session);
  const now = useNow();
  const inputId = useId();
  const [amount, setAmount] = useState('');
  const ownBid = lot?.bid_stats?.current_user_bid ?? null;
  // Once the typed maximum is placed (it is now the bidder's own bid), empty the field for the next one.
  useEffect(() => {
    const placed = toPence(ownBid);
    setAmount((typed) => (placed !== null && toPence(typed) !== null && toPence(typed)! <= placed ? '' : typed));
  }, [ownBid]);
  if (!lot) return null;

  const state = lotBidState(lot, now);
  // A notice speaks of the moment it was given: a new price, an outbid or the close make it stale.
  const notice = currentNotice(lot, storedNotice);
  const stats = lot.bid_stats;
  const minimum = nextMinimumBid(stats);
  const ownMax = stats.is_winning ? toPence(stats.current_user_bid) : null;
  // A leader raises their own maximum: offer amounts above it, not the next bid that others must beat.
  const suggestFrom = ownMax !== null ? Math.max(minimum, ownMax + (toPence(stats.step) ?? 500)) : minimum;
  const rows = panelRows(state, {
    current: formatGBP(stats.current_bid, 'No bids yet'),
    yourBid: stats.current_user_bid ? formatGBP(stats.current_user_bid) : status === 'signed-in' ? '—' : null,
    reserve: lot.reserve_price ? formatGBP(lot.reserve_price) : lot.reserve_met ? 'Met' : 'Not met',
    final: lot.hammer_price || stats.current_bid ? formatGBP(lot.hammer_price ?? stats.current_bid) : 'Not sold',
  });
  const open = state !== 'final' && state !== 'scheduled' && lot.on_bidding;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (status !== 'signed-in') return openModal('login', { reason: 'Sign in to place your bid.' });
    const check = checkBidAmount(amount, { minimum, onBidding: lot.on_bidding, ownMax });
    if (!check.ok) return setBidError(lotId, 'web', check.message);
    clearBidError(lotId);
    clearBidNotice(lotId); // the bidder acts again: the last answer's words no longer apply
    const bid = penceToDecimal(check.pence);
    if (user && user.registration_fee_status === false) {
      // The house may have confirmed the fee since the page loaded: ask the server before sending the bidder away.
      const fresh = await loadUser();
      if (fresh && !fresh.registration_fee_status) return openModal('memberFee', { lotId, bid });
    }
    openModal('confirmBid', { lotId, bid });
  };

  return (
    <section className={`bid-panel bid-panel--${state}`} aria-labelledby={`${inputId}-h`}>
      <h2 id={`${inputId}-h`} className="visually-hidden">Bidding</h2>
      {rows.length > 0 && (
        <dl className="bid-panel__rows">
          {rows.filter((r, i) => i === 0 || r.value !== null).map((r) => (
            <div key={r.label} className="bid-panel__row">
              <dt>{r.label}</dt>
              <dd aria-live={r === rows[0] ? 'polite' : undefined}>{r.value}</dd>
            </div>
          ))}
          {lot.reserve_price && state !== 'reserve' && state !== 'reserveNotMet' && (
            <div className="bid-panel__row bid-panel__row--minor">
              <dt>{BID_ROLE_LABELS.seller}</dt>
              <dd>{formatGBP(lot.reserve_price)}</dd>
            </div>
          )}
        </dl>
      )}
      <LotCosts key={lot.id} lotId={lot.id} state={state} />
      {STATUS_LINE[state] && <p className={`bid-panel__status bid-panel__status--${state}`}>{STATUS_LINE[state]}</p>}
      {typeof lot.bid_count === 'number' && state !== 'scheduled' && (
        <p className="bid-panel__meta">{lot.bid_count} {lot.bid_count === 1 ? 'bid' : 'bids'}</p>
      )}

      {state === 'scheduled' && (
        <p className="bid-panel__status">Bidding opens {formatDateTime(lot.start_date)}. Opening bid {formatPence(minimum)}.</p>
      )}
      {state === 'final' && (
        <p className="bid-panel__status">Bidding has closed{lot.end_date ? ` (${formatDateTime(effectiveEnd(lot))})` : ''}.</p>
      )}

      {open && (
        <>
          <Countdown end={effectiveEnd(lot)} label="Time left" />
          {lot.extra_time && <p className="bid-panel__meta" role="status">{extensionText(extension(lot.extra_time, snap.extensions[lotId]))}</p>}
          <form className="bid-form" onSubmit={submit} noValidate>
            {ownMax !== null ? (
              <p className="bid-form__min">Raise your maximum above <strong>{formatPence(ownMax)}</strong></p>
            ) : (
              <p className="bid-form__min">Next minimum bid <strong>{formatPence(minimum)}</strong></p>
            )}
            <label htmlFor={inputId} className="bid-form__label">{BID_ROLE_LABELS.buyer}</label>
            <div className="money-input">
              <span aria-hidden="true">£</span>
              <input
                id={inputId}
                inputMode="decimal"
                autoComplete="off"
                placeholder={String(suggestFrom / 100)}
                value={amount}
                aria-invalid={error?.type === 'web'}
                aria-describedby={`${inputId}-msg`}
                onChange={(e) => {
                  setAmount(e.target.value);
                  if (error?.type === 'web') clearBidError(lotId);
                }}
              />
            </div>
            <div className="bid-form__quick" role="group" aria-label="Quick amounts">
              {suggestedBids(suggestFrom, toPence(stats.step)).map((p) => (
                <button key={p} type="button" className="chip" onClick={() => setAmount(String(p / 100))}>{formatPence(p)}</button>
              ))}
            </div>
            <button type="submit" className="button button--primary button--block">
              {status === 'signed-in' ? 'Place bid' : 'Sign in to bid'}
            </button>
          </form>
        </>
      )}
      <div id={`${inputId}-msg`} className="bid-panel__messages">
        {error && <p className="form-error" role="alert" data-error-type={error.type}>{error.message}</p>}
        {!error && notice && <p className={`notice notice--${notice.kind}`} role="status">{notice.text}</p>}
      </div>
      {open && status !== 'signed-in' && (
        <p className="bid-panel__meta">
          New here? <button type="button" className="link-button" onClick={() => openModal('signUp')}>Create an account</button> to bid.
        </p>
      )}
    </section>
  );
}
