/**
 * The all-in price beside the current bid (issue #8): what the bidder would really pay if the lot were knocked down
 * at the price standing now: hammer + buyer's premium + VAT + shipping to their default shipping address (the UK for
 * visitors and for bidders without one). The server works the lines out (POST /api/get_lot_costs/); the figure
 * follows the lot's current bid in the lots store as bids arrive (debounced, so a burst of bids is one call).
 * "What's included" opens the lines, a country choice and that country's shipping estimate.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useAsync } from '../../../components/hooks';
import type { BidState } from '../../../lib/bid-state';
import { formatGBP, formatPence, penceToDecimal } from '../../../lib/money';
import { lotsStore } from '../../../state/lots';
import { session } from '../../../state/session';
import { useDebounced } from '../../../components/use-debounced';
import { fetchDefaultShippingCountry, fetchLotCosts, fetchShippingCountries, UK } from './api';
import { costBasis, costLines, isDeliverable, showsAllIn } from './rules';
import { ShippingEstimatePanel } from './shipping-estimate';
import './lot-costs.css';

/** A bid burst (a proxy bidder answering at once) settles within this before the price is asked for again. */
const RECOMPUTE_DELAY_MS = 400;

const prettySlug = (slug: string) => slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

export function LotCosts({ lotId, state }: { lotId: string; state: BidState }) {
  const lot = useSnapshot(lotsStore).byId[lotId];
  const { status, user } = useSnapshot(session);
  const signedIn = status === 'signed-in';
  const userId = signedIn && user ? String(user.id) : null;
  const [chosen, setChosen] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const shown = !!lot && showsAllIn(state);

  const home = useAsync(
    (signal) => (userId ? fetchDefaultShippingCountry(userId, signal).catch(() => null) : Promise.resolve(null)),
    [userId],
  );
  // Until the session and the bidder's address are known, no figure is asked for (no UK flash before theirs).
  const country = chosen ?? (status === 'unknown' || home.loading ? null : (home.data ?? UK));
  const countries = useAsync(() => fetchShippingCountries().catch(() => []), []);
  const countryName = (slug: string) => countries.data?.find((c) => c.slug === slug)?.name ?? prettySlug(slug);

  const basis = lot ? costBasis(lot) : null;
  const bid = useDebounced(basis ? penceToDecimal(basis.pence) : null, RECOMPUTE_DELAY_MS);
  const costs = useAsync(
    (signal) => (shown && bid && country ? fetchLotCosts(lotId, bid, country, { signal, auth: signedIn }) : Promise.resolve(null)),
    [lotId, bid, country, signedIn, shown],
  );

  if (!shown || !basis) return null;
  const c = costs.data;
  const deliverable = c ? isDeliverable(c) : true;
  const where = country ? countryName(country) : '';
  const at = `At the ${basis.kind === 'current' ? 'current' : 'opening'} bid of ${formatPence(basis.pence)}`;

  return (
    <div className="lot-costs" aria-busy={costs.loading || bid !== penceToDecimal(basis.pence)}>
      <div className="lot-costs__head" role="group" aria-label="All-in price">
        <span className="lot-costs__label">{deliverable ? 'All-in price' : 'All-in before shipping'}</span>
        <span className="lot-costs__value" aria-live="polite">{c ? formatGBP(c.total) : '…'}</span>
      </div>
      <p className="lot-costs__basis">
        {costs.error && !c
          ? 'The all-in price is not available just now.'
          : deliverable
            ? `${at}, with premium, VAT and delivery to ${where || 'you'}.`
            : `${at}, with premium and VAT. We do not ship to ${where}.`}
      </p>
      <details className="lot-costs__more" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>What's included</summary>
        {c && (
          <dl className="lot-costs__lines">
            {costLines(c).map((l) => (
              <div key={l.label} className={l.total ? 'lot-costs__total' : undefined}>
                <dt>{l.label}</dt>
                <dd>{l.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {open && country && (
          <ShippingEstimatePanel
            lotId={lotId} country={country} countries={countries.data ?? []} countryName={countryName} auth={signedIn}
            onCountry={setChosen}
          />
        )}
        <p className="lot-costs__note">Card payments add a 3% surcharge. Insurance and storage are chosen at checkout.</p>
      </details>
    </div>
  );
}
