/**
 * A demo bottle photographed on the house's backdrop, as SVG (800 x 1000): the distillery's bottle shape and label
 * scheme, the whisky's colour, and a label naming the distillery, the age or bottling, the style, size and strength;
 * a tie-on tag carries the lot number, as on the house's real catalogue photographs.
 */
import { glassFor, schemeFor, shapeFor, styleLine, whiskyColour, xml, type BottleShape } from './label-style';

export interface PhotoSubject {
  referenceNo: string;
  distillery: string;
  region: string | null;
  /** The bottling (Sherry Oak, Cask Strength...) or, for a cask, its type. */
  finish: string;
  age: number | null;
  volumeMl: number | null;
  abv: number | null;
  caskNumber: string | null;
  distilledAt: string | null;
}

interface Geometry { bw: number; nw: number; neckTop: number; neckBottom: number; shoulder: number; base: number; round: number }

const CX = 400;
const GEOMETRY: Record<BottleShape, Geometry> = {
  classic: { bw: 150, nw: 36, neckTop: 120, neckBottom: 250, shoulder: 390, base: 900, round: 28 },
  shoulder: { bw: 138, nw: 32, neckTop: 105, neckBottom: 270, shoulder: 330, base: 900, round: 18 },
  decanter: { bw: 185, nw: 46, neckTop: 235, neckBottom: 300, shoulder: 430, base: 900, round: 60 },
  flask: { bw: 165, nw: 34, neckTop: 150, neckBottom: 260, shoulder: 345, base: 900, round: 40 },
};

function outline(g: Geometry): string {
  const l = CX - g.bw, r = CX + g.bw, nl = CX - g.nw, nr = CX + g.nw;
  const mid = (g.neckBottom + g.shoulder) / 2;
  return `M${nl} ${g.neckTop} L${nl} ${g.neckBottom} C${nl} ${mid} ${l} ${mid} ${l} ${g.shoulder} L${l} ${g.base - g.round} `
    + `Q${l} ${g.base} ${l + g.round} ${g.base} L${r - g.round} ${g.base} Q${r} ${g.base} ${r} ${g.base - g.round} `
    + `L${r} ${g.shoulder} C${r} ${mid} ${nr} ${mid} ${nr} ${g.neckBottom} L${nr} ${g.neckTop} Z`;
}

/** Splits text into lines of at most `max` characters, at spaces. */
export function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A font size at which `text` (about `em` wide per character) fits `width`, never above `max`. */
export const fitSize = (text: string, width: number, max: number, em = 0.62) => Math.min(max, Math.floor(width / (Math.max(1, text.length) * em)));

const SERIF = "'DejaVu Serif', 'Liberation Serif', serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', sans-serif";

function text(x: number, y: number, size: number, fill: string, content: string, extra = ''): string {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" text-anchor="middle" ${extra}>${xml(content)}</text>`;
}

/** Dark text on a light band, light text on a dark one. */
function onBand(band: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(band.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? '#1d1a16' : '#f6efdc';
}

function label(s: PhotoSubject, g: Geometry): string {
  const c = schemeFor(s.distillery);
  const width = 2 * g.bw - 44;
  const top = g.shoulder + 30;
  const height = g.base - 40 - top;
  const inner = width - 40;
  const name = s.distillery.toUpperCase();
  const nameSize = fitSize(name, inner, 54, 0.8);
  let y = top + 34 + nameSize;
  const parts = [
    `<rect x="${CX - width / 2}" y="${top}" width="${width}" height="${height}" rx="6" fill="${c.paper}"/>`,
    `<rect x="${CX - width / 2 + 10}" y="${top + 10}" width="${width - 20}" height="${height - 20}" rx="3" fill="none" stroke="${c.accent}" stroke-width="3"/>`,
    text(CX, y, nameSize, c.ink, name, `font-family="${SERIF}" font-weight="bold" letter-spacing="1"`),
    `<line x1="${CX - inner / 3}" y1="${y + 16}" x2="${CX + inner / 3}" y2="${y + 16}" stroke="${c.accent}" stroke-width="2"/>`,
  ];
  y += 46;
  for (const line of wrap(styleLine(s.region, false).toUpperCase(), Math.floor(inner / 11.5))) {
    parts.push(text(CX, y, 16, c.ink, line, `font-family="${SANS}" letter-spacing="2"`));
    y += 22;
  }
  if (s.age !== null) {
    parts.push(text(CX, y + 92, 92, c.accent, String(s.age), `font-family="${SERIF}" font-weight="bold"`));
    parts.push(text(CX, y + 126, 22, c.ink, 'YEARS OLD', `font-family="${SERIF}" letter-spacing="4"`));
    parts.push(text(CX, y + 164, fitSize(s.finish, inner, 26, 0.6), c.ink, s.finish, `font-family="${SERIF}" font-style="italic"`));
  } else {
    y += 34;
    for (const line of wrap(s.finish, 12)) {
      const size = fitSize(line, inner, 42, 0.66);
      parts.push(text(CX, y + size, size, c.accent, line, `font-family="${SERIF}" font-style="italic" font-weight="bold"`));
      y += size + 12;
    }
  }
  const strength = [s.volumeMl ? `${s.volumeMl / 10}cl` : null, s.abv ? `${s.abv}% vol` : null].filter(Boolean).join('  ·  ');
  parts.push(`<rect x="${CX - width / 2 + 10}" y="${top + height - 58}" width="${width - 20}" height="48" fill="${c.band}"/>`);
  parts.push(text(CX, top + height - 26, fitSize(strength, inner, 22, 0.62), onBand(c.band), strength, `font-family="${SANS}" font-weight="bold"`));
  return parts.join('');
}

/** The lot number on a manila tag tied round the neck. */
export function lotTag(referenceNo: string, fromX: number, fromY: number, x: number, y: number): string {
  return `<path d="M${fromX} ${fromY} Q${(fromX + x) / 2} ${y - 40} ${x + 14} ${y + 16}" stroke="#7d6a4a" stroke-width="3" fill="none"/>`
    + `<g transform="rotate(9 ${x} ${y})"><path d="M${x} ${y} h150 v70 h-150 l-16 -18 v-34 z" fill="#e9d8a6" stroke="#b89d62" stroke-width="2"/>`
    + `<circle cx="${x + 14}" cy="${y + 16}" r="6" fill="#f6efdc" stroke="#b89d62" stroke-width="2"/>`
    + text(x + 82, y + 28, 15, '#3d3222', 'LOT', `font-family="${SANS}" letter-spacing="3"`)
    + text(x + 78, y + 54, fitSize(referenceNo, 130, 20, 0.62), '#1d1a16', referenceNo, `font-family="${SANS}" font-weight="bold"`)
    + '</g>';
}

export function backdrop(): string {
  return '<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5f1e8"/><stop offset="1" stop-color="#e2d9c8"/></linearGradient>'
    + '<linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfc2a8"/><stop offset="1" stop-color="#b9aa8c"/></linearGradient></defs>'
    + '<rect width="800" height="1000" fill="url(#wall)"/><rect y="860" width="800" height="140" fill="url(#table)"/>';
}

export function bottleSvg(s: PhotoSubject): string {
  const g = GEOMETRY[shapeFor(s.distillery)];
  const c = schemeFor(s.distillery);
  const path = outline(g);
  const green = glassFor(s.distillery, s.region);
  const fill = g.neckBottom + 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">${backdrop()}`
    + `<defs><clipPath id="glass"><path d="${path}"/></clipPath></defs>`
    + `<ellipse cx="${CX}" cy="${g.base + 4}" rx="${g.bw + 40}" ry="22" fill="#3a2f20" opacity="0.25"/>`
    + `<path d="${path}" fill="#ffffff" fill-opacity="0.35" stroke="#8d8677" stroke-width="3"/>`
    + `<rect x="0" y="${fill}" width="800" height="${g.base - fill}" fill="${whiskyColour(s.finish, s.age)}" clip-path="url(#glass)"/>`
    + (green ? `<path d="${path}" fill="${green}" fill-opacity="0.55"/>` : '')
    + `<rect x="${CX - g.bw + 22}" y="${g.shoulder + 10}" width="18" height="${g.base - g.shoulder - 50}" rx="9" fill="#ffffff" opacity="0.35"/>`
    + `<rect x="${CX - g.nw - 4}" y="${g.neckTop - 18}" width="${2 * g.nw + 8}" height="96" rx="6" fill="${c.band}"/>`
    + `<rect x="${CX - g.nw - 4}" y="${g.neckTop + 52}" width="${2 * g.nw + 8}" height="8" fill="${c.accent}"/>`
    + label(s, g)
    + lotTag(s.referenceNo, CX + g.nw, g.neckBottom - 10, CX + g.bw + 30, g.shoulder - 40)
    + '</svg>';
}
