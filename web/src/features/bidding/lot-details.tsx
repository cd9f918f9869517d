/** The lot's particulars: distillery, region, age, bottle or cask details, estimate and VAT. */
import { formatGBP } from '../../lib/money';
import { formatShortDate } from '../../lib/dates';
import { ItemAlertToggle } from './item-alert-toggle';
import type { LotView as Lot } from '../../lib/types';

function lotFacts(lot: Lot): [string, string][] {
  const { item } = lot;
  const facts: [string, string | null | undefined][] = [
    ['Distillery', item.distillery?.name],
    ['Region', item.distillery ? (item.distillery.region?.name ?? 'Rest of world') : null],
    ['Type', item.type ? item.type.charAt(0).toUpperCase() + item.type.slice(1) : null],
    ['Age', item.age !== null ? `${item.age} years old` : null],
    ['Cask type', item.cask_type],
    ['Cask number', item.cask_number],
    ['Bulk litres', item.bulk_litres != null ? `${item.bulk_litres} L` : null],
    ['RLA', item.rla != null ? `${item.rla} L of alcohol` : null],
    ['Regauged', item.regauge_date ? formatShortDate(item.regauge_date) : null],
    ['Volume', item.volume_ml ? (item.volume_ml >= 1000 ? `${item.volume_ml / 1000} L` : `${item.volume_ml} ml`) : null],
    ['Strength', item.abv !== null ? `${item.abv}% ABV` : null],
    ['Estimated value', item.estimated_value ? formatGBP(item.estimated_value) : null],
    ['Lot reference', lot.reference_no],
    ['Stored at', lot.warehouse?.name],
  ];
  return facts.filter((f): f is [string, string] => !!f[1]);
}

export function LotDetails({ lot }: { lot: Lot }) {
  const description = lot.custom_description || lot.item?.description;
  const facts = lotFacts(lot);
  return (
    <section className="lot-details" aria-labelledby="details-title">
      <h2 id="details-title">Lot details</h2>
      {facts.length > 0 && (
        <dl className="facts">
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="lot-details__alerts">
        {lot.item?.id != null && <ItemAlertToggle lotId={lot.id} itemId={String(lot.item.id)} />}
        {(lot.group_items ?? []).map((g) => (
          <ItemAlertToggle key={String(g.id)} lotId={lot.id} itemId={String(g.id)} name={g.title} />
        ))}
      </div>
      <p className="lot-details__vat">
        {lot.vat_enabled
          ? 'VAT at 20% is charged on the hammer price of this lot, as well as on the buyer\u2019s premium.'
          : 'No VAT on the hammer price; VAT at 20% applies to the buyer\u2019s premium only.'}
      </p>
      {description && (
        <div className="prose">
          {/* biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, rendered whole, never reordered */}
          {description.split(/\n{2,}/).map((para, i) => <p key={i}>{para}</p>)}
        </div>
      )}
      {lot.item?.distillery?.description && (
        <div className="prose prose--muted">
          <h3>About {lot.item.distillery.name}</h3>
          <p>{lot.item.distillery.description}</p>
        </div>
      )}
    </section>
  );
}
