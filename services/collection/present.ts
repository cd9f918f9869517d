/** The API shape of a collection item (docs/api.md "Collection"), with its estimated auction value. */
import { penceToDecimal } from '../../domain/shared/money';
import { rla } from '../../domain/collection/rules';
import { estimateValue, type Sale, type Valuation } from '../../domain/collection/valuation';
import { ownedItem, type ItemRow } from './valuation-data';
import type { z } from 'zod';
import type { collectionItemAnswer } from './answers';

function itemShape(row: ItemRow, value: Valuation): z.infer<typeof collectionItemAnswer> {
  const i = row.item;
  return {
    id: row.id,
    source: row.source,
    lot_id: row.lot_id,
    order_id: row.order_id,
    title: i.title,
    subtitle: i.subtitle,
    distillery: i.distillery,
    type: i.type,
    age: i.age,
    volume_ml: i.volume_ml,
    abv: i.abv,
    bottled_year: i.bottled_year,
    photo: i.photo,
    cask: i.cask && { ...i.cask, rla: rla(i.cask.bulk_litres, i.cask.abv) },
    price_paid: row.price_paid_pence === null ? null : penceToDecimal(row.price_paid_pence),
    date: row.acquired_on,
    added_at: row.added_at.toISOString(),
    estimated_auction_value: penceToDecimal(value.value_pence),
    estimated_value_method: value.method,
    estimated_value_sales: value.sales,
    last_sale_at: value.last_sale_at,
  };
}


/** Current items with their value now. */
export function valued(rows: readonly ItemRow[], sales: readonly Sale[], now: string) {
  return rows.filter((r) => r.removed_at === null).map((row) => {
    const value = estimateValue(ownedItem(row), sales, now);
    return { row, value, api: itemShape(row, value) };
  });
}
