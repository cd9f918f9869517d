/**
 * The three ways items reach us, in full: sending (packing and labelling), dropping off (the store's address and
 * hours from the house settings, GET /api/auction_settings/contact_data/) and courier collection (its rules).
 */
import { StoreDetails } from '../../components/house-details';

export function SellWays({ casks = false }: { casks?: boolean }) {
  return (
    <div className="sell-ways">
      <article className="sell-way-card">
        <h3>1. Send them to us</h3>
        <p>Post or courier your {casks ? 'sample bottles and paperwork' : 'bottles'} to our warehouse at your cost.</p>
        <ul className="ticks">
          <li>Wrap each bottle on its own in bubble wrap and stand it upright in a sturdy box.</li>
          <li>Fill every gap so nothing moves; a bottle should not touch the side of the box.</li>
          <li>Write your sell request reference (S-…) on every box, and put the printed request PDF inside.</li>
          <li>The warehouse address is in the PDF you download when you send the request.</li>
        </ul>
      </article>
      <article className="sell-way-card">
        <h3>2. Drop them off</h3>
        <p>Bring your items to our store during opening hours and quote your reference.</p>
        <StoreDetails title="Drop-off address and hours" />
      </article>
      <article className="sell-way-card">
        <h3>3. Courier collection</h3>
        <p>We send a courier to your address.</p>
        <ul className="ticks">
          <li>Choose any future weekday (Monday to Friday) as the pick-up date; collections do not run at weekends.</li>
          <li>Tell us how many boxes will be ready (1 to 50), packed as for sending, with the reference on every box.</li>
          <li>You may insure the boxes while they travel to us.</li>
        </ul>
      </article>
    </div>
  );
}
