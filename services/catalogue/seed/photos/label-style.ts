/**
 * The look of a demo lot's photograph, derived only from its data: a distillery keeps one label scheme and bottle
 * shape on every lot (as a real brand does), the whisky's colour follows its cask and age, the glass its region.
 * Pure and deterministic: the same lot always gets the same look.
 */
import { createHash } from 'node:crypto';

export interface LabelScheme { paper: string; ink: string; accent: string; band: string }

/** Label schemes seen on real bottles: cream and gold, navy and gold, black and gold, white and green... */
const SCHEMES: readonly LabelScheme[] = [
  { paper: '#f6efdc', ink: '#1d1a16', accent: '#a8842f', band: '#7a1f24' },
  { paper: '#14233f', ink: '#f3e7c4', accent: '#c9a24a', band: '#c9a24a' },
  { paper: '#121212', ink: '#efe3c2', accent: '#c8a04c', band: '#5d4a23' },
  { paper: '#fbfaf4', ink: '#0f3a2a', accent: '#2f7a4f', band: '#0f3a2a' },
  { paper: '#5b1620', ink: '#f5e9d0', accent: '#d8b56a', band: '#f5e9d0' },
  { paper: '#1f3b2c', ink: '#f1e6c8', accent: '#c7a552', band: '#8c6b2a' },
  { paper: '#e9dfc9', ink: '#3b2414', accent: '#8a5a2b', band: '#3b2414' },
  { paper: '#f2f2ee', ink: '#1b2a4a', accent: '#b33a2e', band: '#1b2a4a' },
  { paper: '#2a2f36', ink: '#e8e1cf', accent: '#9fb4c7', band: '#9fb4c7' },
  { paper: '#efe6d2', ink: '#4a1830', accent: '#b08a3c', band: '#4a1830' },
];

export type BottleShape = 'classic' | 'shoulder' | 'decanter' | 'flask';
const SHAPES: readonly BottleShape[] = ['classic', 'shoulder', 'decanter', 'flask', 'classic', 'shoulder'];

/** A stable number from text (the same text, the same number, on every machine). */
export function hashOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

export const schemeFor = (distillery: string): LabelScheme => SCHEMES[hashOf(`label:${distillery}`) % SCHEMES.length];
export const shapeFor = (distillery: string): BottleShape => SHAPES[hashOf(`shape:${distillery}`) % SHAPES.length];

/** Green glass for the peated islands and some old-style bottlings, clear flint glass elsewhere. */
export function glassFor(distillery: string, region: string | null): string | null {
  const green = region === 'Islay' ? 0.6 : region === 'Islands' ? 0.4 : 0.12;
  return (hashOf(`glass:${distillery}`) % 100) / 100 < green ? '#1f3a22' : null;
}

/** The whisky's colour: pale straw for young bourbon casks to deep mahogany for old sherry. */
export function whiskyColour(finish: string, age: number | null): string {
  const sherry = /sherry|oloroso|ximénez|port|pipe/i.test(finish);
  const depth = Math.min(1, (age ?? 10) / 35);
  const from = sherry ? [176, 96, 34] : [222, 170, 74];
  const to = sherry ? [92, 34, 12] : [160, 88, 24];
  const mix = from.map((c, i) => Math.round(c + (to[i] - c) * depth));
  return `#${mix.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The label's kind line, by where the whisky comes from. */
export function styleLine(region: string | null, cask: boolean): string {
  if (cask) return 'Single Cask';
  switch (region) {
    case 'Japan': return 'Japanese Single Malt Whisky';
    case 'Ireland': return 'Irish Whiskey';
    case 'USA': return 'Straight Whiskey';
    case null: return 'Single Malt Whisky';
    default: return `${region} Single Malt Scotch Whisky`;
  }
}

/** Text safe inside SVG markup. */
export const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
