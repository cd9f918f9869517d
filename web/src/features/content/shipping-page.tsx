/**
 * /shipping-info: zones, carriers, prices, insurance and storage from GET /api/shipping_info/ (the checkout's rules).
 * `non_deliverable_message` is the checkout's refusal (spec 1 section 8), so the page introduces the list in its own
 * words rather than opening it with an error.
 */
import { Link } from 'wouter';
import { ErrorNote, Spinner } from '../../components/feedback';
import { useAsync } from '../../components/hooks';
import { PageHead } from '../../components/page-head';
import { fetchShippingInfo } from './house-facts';
import './content.css';

export function ShippingPage() {
  const { data, error, reload } = useAsync(() => fetchShippingInfo(), []);
  return (
    <>
      <PageHead title="Shipping Information" eyebrow="Delivery" />
      <div className="container section narrow prose">
        {error ? <ErrorNote error={error} onRetry={reload} /> : !data ? <Spinner label="Loading shipping prices" /> : (
          <>
            <div className="table-wrap shipping-zones">
              <table className="table">
                <caption>Shipping by zone</caption>
                <thead><tr><th scope="col">Zone</th><th scope="col">Carrier</th><th scope="col">First bottle</th><th scope="col">Each further bottle</th></tr></thead>
                <tbody>
                  {data.zones.map((z) => (
                    <tr key={z.carrier}>
                      <td>{z.zone}{z.countries ? '' : ` (${z.country_count} countries)`}</td>
                      <td>{z.carrier}</td>
                      <td>£{z.first_bottle}</td>
                      <td>£{z.each_further_bottle}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <h2>Insurance</h2>
            <p>Delivery insurance is on by default: {data.insurance_percent}% of the hammer price plus premium. It covers breakage or loss in transit.</p>
            <h2>Storage and collection</h2>
            <p>
              Lots are stored free for {data.storage.free_days} days after the auction. After that, storage is £{data.storage.fee_per_lot_per_period} per
              lot per {data.storage.period_days} days, bought at checkout for {data.storage.month_options.join(', ')} months; lots left beyond their paid
              storage cost £{data.storage.late_fee_per_lot_per_day} per lot per day. You may also collect from our warehouse by appointment.
            </p>
            <h2>Countries we cannot ship to</h2>
            <p>
              We cannot deliver to the {data.non_deliverable.length === 1 ? 'country' : `${data.non_deliverable.length} countries`} below,
              for the reasons given. Buyers there can still bid: keep won lots in our storage, collect them, or have them sent
              to an address in a country we deliver to.
            </p>
            <ul>
              {data.non_deliverable.map((n) => <li key={n.code}>{n.country}: {n.reason}</li>)}
            </ul>
            <p>Questions about a delivery? <Link href="/contact-us" className="text-link">Contact us</Link>.</p>
          </>
        )}
      </div>
    </>
  );
}
