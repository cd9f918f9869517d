/**
 * /account/sellers-area: the seller's live lots (reserve met / not met, with the reserve change), the scheduled ones,
 * the results with each sold lot's fees, net proceeds and payment status, and the seller statement PDFs. Failed
 * calls open the "Error occurred" dialog (spec 2 section 8).
 */
import { PageHead, RequireAuth } from '../../../components/page-head';
import { useErrorDialog } from '../../../components/error-dialog';
import { downloadLastStatement } from './api';
import { LiveLots } from './live-lots';
import { MySellRequests } from './my-sell-requests';
import { Results } from './results';
import { StatementButton } from './statement-button';
import { MyValuations } from './my-valuations';
import './seller-area.css';

function SellersArea() {
  const { dialog, show } = useErrorDialog();
  return (
    <div className="container section stack seller-area">
      <div className="seller-area__actions">
        <StatementButton label="Statement for the last auction" download={downloadLastStatement} onError={show} className="button button--primary button--small" />
      </div>
      <section className="stack" aria-labelledby="seller-live-h">
        <h2 id="seller-live-h">Your lots</h2>
        <LiveLots onError={show} />
      </section>
      <section className="stack" aria-labelledby="seller-results-h">
        <h2 id="seller-results-h">Results</h2>
        <Results onError={show} />
      </section>
      <MySellRequests onError={show} />
      <MyValuations />
      {dialog}
    </div>
  );
}

export function SellersAreaPage() {
  return (
    <>
      <PageHead title="Seller's area" eyebrow="My account">
        <p>Your lots in the live auction and the next one, your results with what you receive, and your statements.</p>
      </PageHead>
      <RequireAuth what="your lots for sale">
        <SellersArea />
      </RequireAuth>
    </>
  );
}
