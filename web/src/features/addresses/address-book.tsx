/**
 * Settings, "Addresses" (/account/settings?section=addresses): the account's billing and shipping addresses, to list,
 * add, edit, delete and make default (spec 1 sections 3, 4 and 7). The checkout chooses from the same book.
 */
import { useSnapshot } from 'valtio';
import { ErrorNote, Spinner } from '../../components/feedback';
import { useAsync } from '../../components/hooks';
import { session } from '../../state/session';
import { AddressList } from './address-list';
import './address-book.css';
import { fetchCountries } from '../../api/addresses';

export function AddressBook() {
  const { user } = useSnapshot(session);
  const countries = useAsync(() => fetchCountries(), []);
  if (!user) return null;
  return (
    <div className="address-book">
      <p className="muted">
        Your billing address must match your payment card. The default addresses are chosen first at checkout; the
        billing address you changed last is flagged, as it is the one checkout offers first.
      </p>
      {countries.error ? <ErrorNote error={countries.error} onRetry={countries.reload} /> : !countries.data ? <Spinner label="Loading countries" /> : (
        <>
          <AddressList kind="billing" userId={String(user.id)} countries={countries.data} />
          <AddressList kind="shipping" userId={String(user.id)} countries={countries.data} />
        </>
      )}
    </div>
  );
}
