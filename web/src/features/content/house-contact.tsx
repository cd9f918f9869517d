/**
 * The house's address, telephone, email and opening hours as its settings give them (GET
 * /api/auction_settings/contact_data/, HOUSE_* in infra/config/house-settings.ts): the same answer the selling
 * page shows as the drop-off hours and the checkout as the store, so the pages cannot disagree.
 */
import { Spinner } from '../../components/feedback';
import { useStoreInfo, STORE_ADDRESS_FAILED } from '../../components/house-details';
import './content.css';

export function HouseContact() {
  const { data, failed } = useStoreInfo();
  if (!data) return failed ? <p className="form-error" role="alert">{STORE_ADDRESS_FAILED}</p> : <Spinner label="Loading our address" />;
  return (
    <>
      <p>{data.jw_address}</p>
      {data.jw_contact_phone && <p>Telephone <a href={`tel:${data.jw_contact_phone.replace(/\s+/g, '')}`}>{data.jw_contact_phone}</a></p>}
      {data.email && <p>Email <a href={`mailto:${data.email}`}>{data.email}</a></p>}
      {!!data.jw_working_hours?.length && (
        <>
          <h3>Opening hours</h3>
          <dl className="house-hours" aria-label="Opening hours">
            {data.jw_working_hours.map((h) => (
              <div key={h.key} className="house-hours__row"><dt>{h.key}</dt><dd>{h.value}</dd></div>
            ))}
          </dl>
          <p>Bring items to sell during these hours; collections of won lots are by appointment.</p>
        </>
      )}
    </>
  );
}
