/**
 * The seller's results: the most recent auction they sold in, or the earlier ones (all, or one chosen from the
 * auctions they sold / did not sell in), sold or not sold. Lots are grouped by auction, each group with its
 * statement PDF.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Empty, ErrorNote, GridSkeleton } from '../../../components/feedback';
import { SelectField } from '../../../components/field';
import { useAsync } from '../../../components/hooks';
import { Tabs } from '../../../components/tabs';
import { auctionName } from '../../../lib/normalize';
import type { Auction } from '../../../lib/types';
import {
  downloadAuctionStatement, fetchResultAuctions, fetchResults, type ResultsOutcome, type ResultsWhen, type SellerLot,
} from './api';
import { ResultLot } from './result-lot';
import { StatementButton } from './statement-button';

interface Group { auctionId: string; lots: SellerLot[] }

function byAuction(lots: SellerLot[]): Group[] {
  const groups: Group[] = [];
  for (const lot of lots) {
    const id = lot.auction;
    const g = groups.find((x) => x.auctionId === id);
    if (g) g.lots.push(lot);
    else groups.push({ auctionId: id, lots: [lot] });
  }
  return groups;
}

function AuctionGroup({ group, auctions, onError }: { group: Group; auctions: Auction[]; onError: (e: unknown) => void }) {
  const headingId = useId();
  const auction = auctions.find((a) => a.id === group.auctionId);
  const name = auction ? auctionName(auction) : 'Auction';
  return (
    <section className="seller-group" aria-labelledby={headingId}>
      <div className="seller-group__head">
        <h4 id={headingId}>{name}</h4>
        <StatementButton label={`Statement for ${name}`} download={() => downloadAuctionStatement(group.auctionId)} onError={onError} />
      </div>
      <ul className="seller-lots">{group.lots.map((l) => <ResultLot key={l.id} lot={l} />)}</ul>
    </section>
  );
}

export function Results({ onError }: { onError: (e: unknown) => void }) {
  const [when, setWhen] = useState<ResultsWhen>('recent');
  const [outcome, setOutcome] = useState<ResultsOutcome>('sold');
  const [auction, setAuction] = useState('');
  const auctions = useAsync(async (signal) => {
    const [sold, notSold] = await Promise.all([fetchResultAuctions('sold', signal), fetchResultAuctions('notSold', signal)]);
    return { sold, notSold };
  }, []);
  const list = useAsync((signal) => fetchResults(when, outcome, when === 'past' ? auction || undefined : undefined, signal), [when, outcome, auction]);
  const known = useMemo(() => [...(auctions.data?.sold ?? []), ...(auctions.data?.notSold ?? [])], [auctions.data]);
  const choices = outcome === 'sold' ? auctions.data?.sold ?? [] : auctions.data?.notSold ?? [];
  const groups = byAuction(list.data ?? []);
  useEffect(() => {
    if (list.error) onError(list.error);
  }, [list.error, onError]);

  return (
    <Tabs
      active={when}
      onChange={(k) => { setWhen(k as ResultsWhen); setAuction(''); }}
      tabs={[{ key: 'recent', label: 'Recent auction' }, { key: 'past', label: 'Past auctions' }]}
    >
      <div className="seller-results__filters">
        <div className="seller-results__outcome" role="group" aria-label="Outcome">
          {(['sold', 'notSold'] as const).map((o) => (
            <button key={o} type="button" className="chip" aria-pressed={outcome === o} onClick={() => { setOutcome(o); setAuction(''); }}>
              {o === 'sold' ? 'Sold' : 'Not sold'}
            </button>
          ))}
        </div>
        {when === 'past' && (
          <SelectField
            label="Auction"
            value={auction}
            onValue={setAuction}
            options={[{ value: '', label: 'All earlier auctions' }, ...choices.map((a) => ({ value: String(a.id), label: auctionName(a) }))]}
          />
        )}
      </div>
      {list.error ? (
        <ErrorNote error={list.error} onRetry={list.reload} />
      ) : !list.data ? (
        <GridSkeleton count={2} />
      ) : groups.length === 0 ? (
        <Empty title={outcome === 'sold' ? 'No sold lots here' : 'No unsold lots here'}>
          <p>{when === 'recent' ? 'Your lots of the most recent auction you sold in show here once it closes.' : 'Lots of your earlier auctions show here.'}</p>
        </Empty>
      ) : (
        groups.map((g) => <AuctionGroup key={g.auctionId} group={g} auctions={known} onError={onError} />)
      )}
    </Tabs>
  );
}
