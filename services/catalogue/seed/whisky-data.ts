/** Real distilleries by region, cask types and bottlings, for the demo catalogue. */

export interface DistilleryInfo {
  name: string;
  /** null = rest of world (spec 2, Distillery). */
  region: string | null;
  /** Typical bottling ages; [] = usually no age statement. */
  ages: number[];
  /** Price level: multiplies the estimate (1 = an ordinary single malt). */
  prestige: number;
}

const d = (name: string, region: string | null, ages: number[], prestige = 1): DistilleryInfo => ({ name, region, ages, prestige });

export const DISTILLERIES: readonly DistilleryInfo[] = [
  d('Macallan', 'Speyside', [12, 15, 18, 25, 30], 3),
  d('Glenfarclas', 'Speyside', [10, 15, 21, 25, 40], 1.4),
  d('Glenlivet', 'Speyside', [12, 15, 18, 21], 1),
  d('Glenfiddich', 'Speyside', [12, 15, 18, 21, 30], 1),
  d('Balvenie', 'Speyside', [12, 14, 17, 21, 25], 1.5),
  d('Mortlach', 'Speyside', [12, 16, 20, 25], 1.4),
  d('Aberlour', 'Speyside', [12, 16, 18], 1),
  d('Glenrothes', 'Speyside', [12, 18, 25], 1.1),
  d('Ardbeg', 'Islay', [10, 17, 19, 23], 1.6),
  d('Lagavulin', 'Islay', [8, 12, 16, 25], 1.5),
  d('Laphroaig', 'Islay', [10, 15, 25, 27], 1.3),
  d('Bowmore', 'Islay', [12, 15, 18, 25], 1.3),
  d('Bruichladdich', 'Islay', [10, 18], 1.1),
  d('Caol Ila', 'Islay', [12, 18, 25], 1.1),
  d('Bunnahabhain', 'Islay', [12, 18, 25], 1.1),
  d('Port Ellen', 'Islay', [24, 32, 37], 8),
  d('Dalmore', 'Highland', [12, 15, 18, 25], 1.8),
  d('Glenmorangie', 'Highland', [10, 18, 25], 1.1),
  d('Clynelish', 'Highland', [14, 20], 1.2),
  d('Oban', 'Highland', [14, 18, 21], 1.2),
  d('Brora', 'Highland', [30, 35, 40], 7),
  d('Glendronach', 'Highland', [12, 15, 18, 21], 1.4),
  d('Auchentoshan', 'Lowland', [12, 18, 21], 1),
  d('Glenkinchie', 'Lowland', [12, 16], 1),
  d('Rosebank', 'Lowland', [21, 25, 30], 5),
  d('Springbank', 'Campbeltown', [10, 12, 15, 18, 21, 25], 2.5),
  d('Glen Scotia', 'Campbeltown', [15, 18, 25], 1.1),
  d('Kilkerran', 'Campbeltown', [8, 12, 16], 1.4),
  d('Talisker', 'Islands', [10, 18, 25, 30], 1.3),
  d('Highland Park', 'Islands', [12, 18, 25, 30], 1.5),
  d('Scapa', 'Islands', [10, 16], 1),
  d('Ledaig', 'Islands', [10, 18], 1),
  d('Yamazaki', 'Japan', [12, 18, 25], 3),
  d('Hakushu', 'Japan', [12, 18, 25], 2.5),
  d('Hibiki', 'Japan', [17, 21, 30], 3.5),
  d('Karuizawa', 'Japan', [30, 35, 40], 12),
  d('Redbreast', 'Ireland', [12, 15, 21, 27], 1.3),
  d('Midleton', 'Ireland', [], 2),
  d('Bushmills', 'Ireland', [10, 16, 21], 1),
  d('Buffalo Trace', 'USA', [], 0.8),
  d('Pappy Van Winkle', 'USA', [15, 20, 23], 10),
  d("Michter's", 'USA', [10, 20], 2),
  d('Kavalan', null, [], 1.2),
  d('Amrut', null, [], 1),
  d('Mackmyra', null, [], 0.9),
  d('Starward', null, [], 0.9),
];

export const BOTTLE_FINISHES = ['Sherry Oak', 'Double Cask', 'Cask Strength', 'Batch 3', 'Distillery Edition', 'Single Cask', 'Port Finish', 'Limited Release', 'Old Bottling', 'Special Release'];

export const CASK_TYPES = ['Sherry butt', 'Bourbon barrel', 'Hogshead', 'Refill hogshead', 'Oloroso sherry butt', 'Pedro Ximénez puncheon', 'Port pipe', 'Quarter cask', 'Barrique'];

export const BOTTLE_SIZES_ML = [700, 700, 700, 750, 1000, 500];
