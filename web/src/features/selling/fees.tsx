/** Our seller's fees (spec 0 "Seller's costs") and a worked example computed from the same rates. */
import { feeExample, pounds } from './rules';

/** A £1,000 hammer on a lot with a reserve, and on one without. */
export function FeesExample() {
  const withReserve = feeExample(100_000, 1, 1);
  const plain = feeExample(20_000, 1, 0);
  return (
    <div className="sell-fees">
      <ul className="ticks">
        <li><strong>5% commission</strong> on the hammer price, only when your lot sells.</li>
        <li><strong>£5 listing fee</strong> per lot.</li>
        <li><strong>£5 reserve fee</strong> per lot with a reserve (a minimum price it may not sell below).</li>
        <li>No other charges. Your proceeds go to your wallet as soon as the buyer has paid, and you can withdraw them to your bank.</li>
      </ul>
      <table className="sell-fees__table">
        <caption>Worked example</caption>
        <thead>
          <tr><th scope="col" /><th scope="col">Lot with a reserve</th><th scope="col">Lot without</th></tr>
        </thead>
        <tbody>
          <tr><th scope="row">Hammer price</th><td>{pounds(withReserve.hammer)}</td><td>{pounds(plain.hammer)}</td></tr>
          <tr><th scope="row">Commission (5%)</th><td>−{pounds(withReserve.commission)}</td><td>−{pounds(plain.commission)}</td></tr>
          <tr><th scope="row">Listing fee</th><td>−{pounds(withReserve.listing)}</td><td>−{pounds(plain.listing)}</td></tr>
          <tr><th scope="row">Reserve fee</th><td>−{pounds(withReserve.reserve)}</td><td>{pounds(0)}</td></tr>
          <tr className="sell-fees__total"><th scope="row">You receive</th><td>{pounds(withReserve.proceeds)}</td><td>{pounds(plain.proceeds)}</td></tr>
        </tbody>
      </table>
    </div>
  );
}
