/**
 * The shipping estimate for one lot by country (GET /api/shipping_countries/, GET /api/shipping_estimate/{id}/):
 * the chosen country's carrier and price for this lot, the optional insurance, and every carrier's tariff. Choosing
 * another country also moves the all-in price to that country.
 */
import { SelectField } from '../../../components/field';
import { Spinner } from '../../../components/feedback';
import { useAsync } from '../../../components/hooks';
import { formatGBP } from '../../../lib/money';
import { fetchShippingEstimate, type ShippingCountry } from './api';

interface Props {
  lotId: string;
  country: string;
  countries: ShippingCountry[];
  countryName: (slug: string) => string;
  auth: boolean;
  onCountry: (slug: string) => void;
}

export function ShippingEstimatePanel({ lotId, country, countries, countryName, auth, onCountry }: Props) {
  const estimate = useAsync((signal) => fetchShippingEstimate(lotId, country, { signal, auth }), [lotId, country, auth]);
  // The bidder's own country may be one we do not ship to: still listed, so the choice shows what is chosen.
  const options = countries.some((c) => c.slug === country) ? countries : [{ slug: country, name: countryName(country) }, ...countries];
  const e = estimate.data;
  const r = e?.result;
  return (
    <div className="shipping-estimate" aria-busy={estimate.loading}>
      <SelectField
        label="Deliver to" value={country} options={options.map((c) => ({ value: c.slug, label: c.name }))}
        onValue={onCountry} className="shipping-estimate__country"
      />
      {estimate.error && !e ? (
        <p className="lot-costs__note" role="alert">The shipping estimate is not available just now.</p>
      ) : !e ? (
        <Spinner label="Loading the shipping estimate" />
      ) : (
        <>
          <p className="shipping-estimate__result" role="status">
            {r?.deliverable && r.carrier
              ? <>Shipping to {countryName(country)} by {r.carrier}: <strong>{formatGBP(r.amount)}</strong>{r.insurance ? <> · insurance {formatGBP(r.insurance)} (optional)</> : null}</>
              : <>We do not ship to {countryName(country)}. The lot can be stored or collected instead.</>}
          </p>
          {e.carriers.length > 0 && (
            <table className="shipping-estimate__tariff">
              <caption>Carrier tariffs</caption>
              <thead>
                <tr><th scope="col">Carrier</th><th scope="col">First bottle</th><th scope="col">Each further</th></tr>
              </thead>
              <tbody>
                {e.carriers.map((t) => (
                  <tr key={t.name} className={t.name === r?.carrier ? 'is-chosen' : undefined}>
                    <th scope="row">{t.name}</th>
                    <td>{formatGBP(t.first_bottle)}</td>
                    <td>{formatGBP(t.each_further)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
