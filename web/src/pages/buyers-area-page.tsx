/** /account/buyers-area: watching list, and won / lost lots that move live as bid updates arrive. */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { downloadWatchingListPdf } from '../api/account-area';
import { Empty, ErrorNote, GridSkeleton } from '../components/feedback';
import { LotGrid } from '../components/lot-card';
import { PageHead, RequireAuth } from '../components/page-head';
import { Tabs } from '../components/tabs';
import { SpendingCapPanel } from '../features/spending-cap/spending-cap-panel';
import { SITE } from '../lib/site';
import { buyers, loadBuyersArea } from '../state/buyers';
import { openModal } from '../state/modals';
import { session } from '../state/session';

const EMPTY: Record<string, [string, string]> = {
  watching: ['Your watching list is empty', 'Tap the heart on any lot to follow it here.'],
  won: ['No winning lots yet', 'Lots you lead or have won appear here, live.'],
  lost: ['No lost lots', 'Lots where you have been outbid appear here.'],
};

/** Until the house confirms the registration fee, the bidder should know why a first bid will not go through. */
function FeeNotice() {
  const { user } = useSnapshot(session);
  if (!user || user.registration_fee_status !== false) return null;
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
  const ids = tab === 'watching' ? snap.watching : tab === 'won' ? snap.won : snap.lost;
  return (
    <div className="container section">
      <FeeNotice />
      <SpendingCapPanel />
      <Tabs
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'watching', label: <>Watching list <span className="count">{snap.watching.length}</span></> },
          { key: 'won', label: <>Won <span className="count">{snap.won.length}</span></> },
          { key: 'lost', label: <>Lost <span className="count">{snap.lost.length}</span></> },
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
            <LotGrid ids={ids} label={tab} />
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
        <p>Follow your lots: what you watch, what you lead or have won, and where you have been outbid.</p>
      </PageHead>
      <RequireAuth what="your watching list and your lots">
        <BuyersArea />
      </RequireAuth>
    </>
  );
}
