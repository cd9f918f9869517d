/**
 * A demo cask photographed end-on in the warehouse, as SVG (800 x 1000): staves in the wood of its cask type (darker
 * for sherry), iron hoops, and the stencil a warehouse paints on the head: distillery, cask number, year distilled,
 * cask type, volume and strength; the lot tag is pinned beside it.
 */
import { hashOf, xml } from './label-style';
import { fitSize, lotTag, type PhotoSubject } from './bottle-svg';

const CX = 400;
const CY = 470;
const R = 320;
const STENCIL = "'DejaVu Sans Mono', 'Liberation Mono', monospace";

function staves(s: PhotoSubject): string {
  const sherry = /sherry|oloroso|ximénez|port|pipe/i.test(s.finish);
  const base = sherry ? [112, 62, 34] : [170, 118, 66];
  const width = 2 * R / 9;
  return Array.from({ length: 9 }, (_, i) => {
    const shade = (hashOf(`${s.referenceNo}:stave:${i}`) % 30) - 15;
    const rgb = base.map((v) => Math.max(0, Math.min(255, v + shade)));
    return `<rect x="${CX - R + i * width}" y="${CY - R}" width="${width + 1}" height="${2 * R}" fill="rgb(${rgb.join(',')})" stroke="#3b2412" stroke-width="2"/>`;
  }).join('');
}

function stencil(lines: string[]): string {
  const top = CY - 130;
  return lines.map((line, i) => {
    const size = fitSize(line, 2 * R * 0.74, i === 0 ? 58 : 40, 0.62);
    return `<text x="${CX}" y="${top + i * 62}" font-size="${size}" fill="#1b120b" fill-opacity="0.85" text-anchor="middle" font-family="${STENCIL}" font-weight="bold">${xml(line)}</text>`;
  }).join('');
}

export function caskSvg(s: PhotoSubject): string {
  const litres = s.volumeMl ? `${Math.round(s.volumeMl / 1000)} L` : '';
  const lines = [
    s.distillery.toUpperCase(),
    s.caskNumber ? `CASK No ${s.caskNumber}` : 'SINGLE CASK',
    s.distilledAt ? `DISTILLED ${s.distilledAt}` : '',
    s.finish.toUpperCase(),
    [litres, s.abv ? `${s.abv}%` : ''].filter(Boolean).join('  '),
  ].filter(Boolean);
  return '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">'
    + '<rect width="800" height="1000" fill="#2b2119"/><rect y="830" width="800" height="170" fill="#4a3a2a"/>'
    + Array.from({ length: 6 }, (_, i) => `<rect x="0" y="${i * 140}" width="800" height="6" fill="#3a2d21"/>`).join('')
    + '<defs><clipPath id="head"><circle cx="400" cy="470" r="320"/></clipPath></defs>'
    + `<ellipse cx="${CX}" cy="${CY + R + 20}" rx="${R + 20}" ry="34" fill="#000" opacity="0.35"/>`
    + `<g clip-path="url(#head)">${staves(s)}</g>`
    + `<circle cx="${CX}" cy="${CY}" r="${R - 14}" fill="none" stroke="#2a1a0e" stroke-width="6" opacity="0.6"/>`
    + `<circle cx="${CX}" cy="${CY}" r="${R}" fill="none" stroke="#26231f" stroke-width="28"/>`
    + `<circle cx="${CX}" cy="${CY}" r="${R + 8}" fill="none" stroke="#5b564d" stroke-width="4"/>`
    + `<circle cx="${CX}" cy="${CY + R - 70}" r="22" fill="#2e1c0f" stroke="#1b120b" stroke-width="4"/>`
    + stencil(lines)
    + lotTag(s.referenceNo, 640, 700, 600, 760)
    + '</svg>';
}
