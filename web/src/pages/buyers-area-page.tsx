/**
 * /account/buyers-area: the watching list, and the lots bid on (won or leading, outbid while open, lost once closed)
 * moving live as bid updates and closes arrive; a won lot waiting for payment has a Pay now button to the checkout.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { downloadWatchingListPdf } from '../api/account-area';
import { Empty, ErrorNote, GridSkeleton } from '../components/feedback';
import { LotGrid } from '../components/lot-card';
import { PageHead, RequireAuth } from '../components/page-head';
import { useNow } from '../components/hooks';
import { Tabs } from '../components/tabs';
import { SpendingCapPanel } from '../features/spending-cap/spending-cap-panel';
import { SITE } from '../lib/site';
import { buyerOutcome } from '../lib/bid-state';
import { lotTitle } from '../lib/normalize';
import { buyers, loadBuyersArea } from '../state/buyers';
import { serverNow } from '../state/clock';
import { lotsStore } from '../state/lots';
import { openModal } from '../state/modals';
import { session } from '../state/session';

const EMPTY: Record<string, [string, string]> = {
  watching: ['Your watching list is empty', 'Tap the heart on any lot to follow it here.'],
  won: ['No winning lots yet', 'Lots you lead or have won appear here, live.'],
  outbid: ['You have not been outbid', 'Open lots where another bidder has gone above your maximum appear here, live.'],
  lost: ['No lost lots', 'Closed lots you bid on and did not win appear here.'],
};

/**
 * The won and lost lists split by how each lot stands for the caller now (lib/bid-state buyerOutcome): Won holds the
 * lots they lead or have won, Outbid the open lots where someone leads, Lost only closed lots they did not win.
 */
function useSplit(): Record<'won' | 'outbid' | 'lost', string[]> {
  const snap = useSnapshot(buyers);
  const lots = useSnapshot(lotsStore).byId;
  const now = useNow();
  const out = { won: [] as string[], outbid: [] as string[], lost: [] as string[] };
  for (const id of new Set([...snap.won, ...snap.lost])) {
    const lot = lots[id];
    if (!lot) continue;
    const o = buyerOutcome(lot, now);
    if (o === 'won' || o === 'leading') out.won.push(id);
    else if (o === 'outbid') out.outbid.push(id);
    else if (o === 'lost') out.lost.push(id);
  }
  return out;
}

/** Under a won lot: Pay now (the checkout holds every won lot waiting for payment), or where its order is. */
function WonAction({ id }: { id: string }) {
  const lot = useSnapshot(lotsStore).byId[id];
  const settled = useSnapshot(buyers).settled.includes(id);
  if (!lot || buyerOutcome(lot, serverNow()) !== 'won') return null;
  return (
    <div className="lot-grid__action">
      {settled
        ? <Link href="/account/orders" className="text-link">See your orders</Link>
        : <Link href="/checkout" className="button button--primary button--small" aria-label={`Pay now for ${lotTitle(lot)}`}>Pay now</Link>}
    </div>
  );
}

/** Until the house confirms the registration fee, the bidder should know why a first bid will not go through. */
function FeeNotice() {
  const { user } = useSnapshot(session);
  if (user?.registration_fee_status !== false) return null;
  return (
    <div className="notice notice--warning fee-notice" role="status">
      <p>Your one-off {SITE.registrationFee} registration fee is not confirmed yet. You can watch lots now and bid once it is.</p>
      <button type="button" className="button button--ghost button--small" onClick={() => openModal('memberFee')}>About the registration fee</button>
    </div>
  );
}

/** The watching list as a PDF (GET /api/create_lots_pdf/, a base64 file). */
function WatchingPdfButton() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const download = async () => {
    setBusy(true);
    setError('');
    try {
      await downloadWatchingListPdf();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The PDF could not be made.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="watching-pdf">
      <button type="button" className="button button--ghost button--small" onClick={() => void download()} disabled={busy}>Download PDF</button>
      {error && <p className="form-error" role="alert">{error}</p>}
    </div>
  );
}

function BuyersArea() {
  const snap = useSnapshot(buyers);
  const [tab, setTab] = useState('watching');
  useEffect(() => {
    void loadBuyersArea();
  }, []);
  const split = useSplit();
  const ids = tab === 'watching' ? snap.watching : split[tab as keyof typeof split] ?? [];
  return (
    <div className="container section">
      <FeeNotice />
      <SpendingCapPanel />
      <Tabs
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'watching', label: <>Watching list <span className="count">{snap.watching.length}</span></> },
          { key: 'won', label: <>Won <span className="count">{split.won.length}</span></> },
          { key: 'outbid', label: <>Outbid <span className="count">{split.outbid.length}</span></> },
          { key: 'lost', label: <>Lost <span className="count">{split.lost.length}</span></> },
        ]}
      >
        {snap.error ? (
          <ErrorNote error={snap.error} onRetry={() => void loadBuyersArea()} />
        ) : !snap.loaded ? (
          <GridSkeleton count={4} />
        ) : ids.length === 0 ? (
          <Empty title={EMPTY[tab][0]}>
            <p>{EMPTY[tab][1]}</p>
            <Link href="/auction" className="text-link">Browse the live auction</Link>
          </Empty>
        ) : (
          <>
            {tab === 'watching' && <WatchingPdfButton />}
            <LotGrid ids={ids} label={tab} footer={tab === 'won' ? (id) => <WonAction id={id} /> : undefined} />
          </>
        )}
      </Tabs>
    </div>
  );
}

export function BuyersAreaPage() {
  return (
    <>
      <PageHead title="Buyer's area" eyebrow="My account">
        <p>Follow your lots: what you watch, what you lead or have won, where you have been outbid, and what you lost.</p>
      </PageHead>
      <RequireAuth what="your watching list and your lots">
        <BuyersArea />
      </RequireAuth>
    </>
  );
}
