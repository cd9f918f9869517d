/**
 * Generates realistic demo lots (pure, seeded): bottles and casks from real distilleries, estimates by age,
 * prestige and kind, reserves on some, and a bid plan (which demo bidder bids up to what maximum).
 */
import type { LotItem } from '../../../domain/catalogue/lot/events';
import type { Random } from './random';
import { BOTTLE_FINISHES, BOTTLE_SIZES_ML, CASK_TYPES, DISTILLERIES, type DistilleryInfo } from './whisky-data';

export interface LotSpec {
  item: LotItem;
  reservePence: number | null;
  /** null = the house default opening bid (£10). */
  openingPence: number | null;
  vatEnabled: boolean;
}

export interface PlannedBid {
  bidder: number;
  maxPence: number;
}

const roundTo = (pence: number, unit: number) => Math.max(unit, Math.round(pence / unit) * unit);
const between = (rng: Random, lo: number, hi: number) => lo + rng.next() * (hi - lo);

function bottle(rng: Random, dist: DistilleryInfo): LotItem {
  const age = dist.ages.length > 0 && rng.chance(0.85) ? rng.pick(dist.ages) : null;
  const finish = rng.pick(BOTTLE_FINISHES);
  const volume = rng.pick(BOTTLE_SIZES_ML);
  const abv = Math.round(between(rng, finish === 'Cask Strength' || finish === 'Single Cask' ? 52 : 40, finish === 'Cask Strength' ? 62 : 48) * 10) / 10;
  const base = age === null ? 6_000 : 4_000 + age * age * 120;
  const title = age === null ? `${dist.name} ${finish}` : `${dist.name} ${age} Year Old`;
  return {
    title,
    subtitle: `${age === null ? 'No age statement' : finish}, ${volume / 10}cl, ${abv}%`,
    description: `${title} from ${dist.region ?? 'outside the traditional whisky regions'}. ${age === null ? '' : `Matured for ${age} years. `}Bottle in good condition, fill level into neck, original box.`,
    distillery: { name: dist.name, region: dist.region },
    estimated_value_pence: roundTo(base * dist.prestige * between(rng, 0.7, 1.4), 1_000),
    photos: [], // drawn from the lot's data when it is seeded (photos/lot-photo.ts)
    type: 'bottle',
    age,
    volume_ml: volume,
    abv,
    cask_type: null,
    cask_number: null,
    bottled_at: null,
    distilled_at: null,
  };
}

function cask(rng: Random, dist: DistilleryInfo, year: number): LotItem {
  const caskType = rng.pick(CASK_TYPES);
  const distilled = year - rng.int(3, 25);
  const litres = caskType.includes('butt') || caskType.includes('puncheon') || caskType.includes('pipe') ? rng.int(380, 500) : caskType.includes('arrel') ? rng.int(180, 200) : rng.int(50, 250);
  const abv = Math.round(between(rng, 52, 66) * 10) / 10;
  const number = String(rng.int(100, 99_999));
  return {
    title: `${dist.name} ${distilled} Cask #${number}`,
    subtitle: `${caskType}, ${litres} litres, ${abv}%`,
    description: `A ${caskType.toLowerCase()} filled at ${dist.name} in ${distilled}, held under bond. Regauge on request; sold with the delivery order.`,
    distillery: { name: dist.name, region: dist.region },
    estimated_value_pence: roundTo((300_000 + (year - distilled) * 120_000) * Math.sqrt(dist.prestige) * between(rng, 0.7, 1.3), 10_000),
    photos: [],
    type: 'cask',
    age: year - distilled,
    volume_ml: litres * 1000,
    abv,
    cask_type: caskType,
    cask_number: number,
    bottled_at: null,
    distilled_at: String(distilled),
  };
}

export function generateLot(rng: Random, year: number): LotSpec {
  const dist = rng.pick(DISTILLERIES);
  const isCask = dist.region !== null && rng.chance(0.08);
  const item = isCask ? cask(rng, dist, year) : bottle(rng, dist);
  const estimate = item.estimated_value_pence;
  return {
    item,
    reservePence: rng.chance(0.4) ? roundTo(estimate * between(rng, 0.6, 1), 1_000) : null,
    openingPence: estimate >= 100_000 ? roundTo(estimate * 0.2, 1_000) : null,
    vatEnabled: rng.chance(isCask ? 0.6 : 0.15),
  };
}

/** Up to five bidders (indexes into the demo bidders) with maxima around the estimate; none for quiet lots. */
export function planBids(rng: Random, spec: LotSpec, bidderCount: number, activity: number): PlannedBid[] {
  if (bidderCount === 0 || !rng.chance(activity)) return [];
  const count = rng.int(1, Math.min(5, bidderCount));
  const bids: PlannedBid[] = [];
  for (let i = 0; i < count; i++) {
    bids.push({ bidder: rng.int(0, bidderCount - 1), maxPence: roundTo(spec.item.estimated_value_pence * between(rng, 0.3, 1.3), 500) });
  }
  return bids;
}
