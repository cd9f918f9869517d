/** /shipping-info: carriers, prices and insurance. */
import { PageHead } from '../components/page-head';

const ZONES = [
  ['United Kingdom', 'DPD', '£12.50', '£2.50'],
  ['Europe', 'DHL', '£35', '£5'],
  ['Rest of the world', 'UPS', '£60', '£10'],
];

export function ShippingPage() {
  return (
    <>
      <PageHead title="Shipping Information" eyebrow="Delivery" />
      <div className="container section narrow prose">
        <div className="table-wrap">
          <table className="table">
            <caption>Shipping by zone</caption>
            <thead><tr><th scope="col">Zone</th><th scope="col">Carrier</th><th scope="col">First bottle</th><th scope="col">Each further bottle</th></tr></thead>
            <tbody>{ZONES.map((z) => <tr key={z[0]}>{z.map((c) => <td key={c}>{c}</td>)}</tr>)}</tbody>
          </table>
        </div>
        <h2>Insurance</h2>
        <p>Delivery insurance is on by default: 3% of the hammer price plus premium. It covers breakage or loss, not leakage.</p>
        <h2>Countries we cannot ship to</h2>
        <p>Some countries are a Non Deliverable Zone. At checkout you will see: “We do not ship to this country. Please select an alternative shipping address.”</p>
        <h2>Storage and collection</h2>
        <p>Lots are stored free for 45 days after the auction. You may also collect them from our warehouse by appointment.</p>
      </div>
    </>
  );
}
