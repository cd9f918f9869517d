/**
 * The demo content's pictures, drawn from its data like the lots' photographs (docs/content.md, "Demo content"): an
 * article's cover is a scene for its type (a sale room's shelf, a distillery by the sea, a warehouse of casks, a
 * tasting bench) with the title on a caption band; a person of /about gets a portrait card with their initials and
 * role. Deterministic: the same article or person draws the same picture.
 */
import { hashOf, xml } from '../catalogue/seed/photos/label-style';
import { fitSize, wrap } from '../catalogue/seed/photos/bottle-svg';

const SERIF = "'DejaVu Serif', 'Liberation Serif', serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', sans-serif";
const AMBERS = ['#b86b25', '#d19a45', '#8c3f16', '#e0b25c', '#6e2a10'];

function bottleRow(y: number, seed: string): string {
  return Array.from({ length: 11 }, (_, i) => {
    const h = 150 + (hashOf(`${seed}:${i}`) % 90);
    const x = 120 + i * 125;
    const colour = AMBERS[hashOf(`${seed}:c${i}`) % AMBERS.length];
    return `<rect x="${x}" y="${y - h}" width="70" height="${h}" rx="14" fill="${colour}"/><rect x="${x + 24}" y="${y - h - 60}" width="22" height="70" rx="6" fill="${colour}"/>`
      + `<rect x="${x + 8}" y="${y - h * 0.6}" width="54" height="${h * 0.35}" fill="#f4ecd8"/>`;
  }).join('');
}

const SCENES: Record<string, (seed: string) => string> = {
  // A sale room's shelf of bottles under warm light.
  'auction-reports': (seed) => '<rect width="1600" height="900" fill="#2a1d14"/><rect y="520" width="1600" height="30" fill="#5a3d24"/>'
    + '<radialGradient id="lamp" cx="0.5" cy="0" r="0.9"><stop offset="0" stop-color="#f3d9a0" stop-opacity="0.45"/><stop offset="1" stop-color="#f3d9a0" stop-opacity="0"/></radialGradient>'
    + `${bottleRow(520, seed)}<rect width="1600" height="900" fill="url(#lamp)"/>`,
  // Hills, the sea, and a distillery with its pagoda roof and chimney.
  distilleries: (seed) => `<rect width="1600" height="900" fill="#cfdde3"/><circle cx="${1200 + (hashOf(seed) % 200)}" cy="150" r="70" fill="#f6e7b8"/>`
    + '<path d="M0 430 Q300 250 620 400 T1250 360 T1600 400 V900 H0 Z" fill="#6f8a5a"/><path d="M0 520 Q400 430 800 510 T1600 480 V900 H0 Z" fill="#4f6b43"/>'
    + '<rect y="640" width="1600" height="260" fill="#5b7c91"/><rect x="520" y="430" width="520" height="210" fill="#efe9dc"/><path d="M500 440 L780 330 L1060 440 Z" fill="#3b3b3b"/>'
    + '<path d="M860 430 L900 300 L980 300 L1020 430 Z" fill="#2f2f2f"/><path d="M880 300 L940 250 L1000 300 Z" fill="#2f2f2f"/><rect x="1100" y="300" width="40" height="340" fill="#8a4b32"/>'
    + Array.from({ length: 5 }, (_, i) => `<rect x="${560 + i * 95}" y="500" width="50" height="70" fill="#3f4d58"/>`).join(''),
  // Rows of casks in a dunnage warehouse.
  news: (seed) => `<rect width="1600" height="900" fill="#241a12"/>${Array.from({ length: 3 }, (_, row) => Array.from({ length: 9 }, (_, i) => {
    const x = 100 + i * 175 + (row % 2) * 85;
    const y = 260 + row * 190;
    const wood = AMBERS[hashOf(`${seed}:${row}:${i}`) % AMBERS.length];
    return `<circle cx="${x}" cy="${y}" r="82" fill="#1a1a1a"/><circle cx="${x}" cy="${y}" r="70" fill="${wood}" fill-opacity="0.8"/><circle cx="${x}" cy="${y}" r="10" fill="#2a1a0e"/>`;
  }).join('')).join('')}`,
  // A tasting bench: sample glasses in front of a cask.
  collecting: (seed) => '<rect width="1600" height="900" fill="#e9e1d0"/><rect y="560" width="1600" height="340" fill="#8a6a45"/><circle cx="1250" cy="380" r="260" fill="#6b4423"/><circle cx="1250" cy="380" r="260" fill="none" stroke="#262320" stroke-width="24"/>'
    + Array.from({ length: 4 }, (_, i) => {
      const x = 260 + i * 220;
      const colour = AMBERS[hashOf(`${seed}:g${i}`) % AMBERS.length];
      return `<path d="M${x} 330 Q${x - 70} 430 ${x - 40} 500 L${x + 40} 500 Q${x + 70} 430 ${x} 330 Z" fill="#ffffff" fill-opacity="0.55" stroke="#9a917f" stroke-width="3"/>`
        + `<path d="M${x - 52} 450 Q${x} 470 ${x + 52} 450 Q${x + 50} 490 ${x + 36} 500 L${x - 36} 500 Q${x - 50} 490 ${x - 52} 450 Z" fill="${colour}"/><rect x="${x - 5}" y="500" width="10" height="50" fill="#b9b2a4"/><rect x="${x - 45}" y="548" width="90" height="12" rx="6" fill="#b9b2a4"/>`;
    }).join(''),
};

/** An article's cover (1600 x 900): its type's scene and its title on a caption band. */
export function articleCoverSvg(article: { title: string; type: string }): string {
  const scene = (SCENES[article.type] ?? SCENES.news)(article.title);
  const lines = wrap(article.title, 46).slice(0, 2);
  const size = Math.min(...lines.map((l) => fitSize(l, 1440, 56, 0.56)));
  return '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">' + scene
    + `<rect y="${900 - 90 - lines.length * (size + 14)}" width="1600" height="${90 + lines.length * (size + 14)}" fill="#13291f" fill-opacity="0.82"/>`
    + lines.map((l, i) => `<text x="80" y="${900 - 62 - (lines.length - 1 - i) * (size + 14)}" font-size="${size}" fill="#f6efdc" font-family="${SERIF}">${xml(l)}</text>`).join('')
    + '</svg>';
}

const BACKGROUNDS = ['#13291f', '#3b2414', '#14233f', '#4a1830', '#2a2f36'];

/** A person's portrait card (800 x 800): their initials in the house's colours above their role. */
export function portraitSvg(person: { name: string; role: string }): string {
  const bg = BACKGROUNDS[hashOf(person.name) % BACKGROUNDS.length];
  const initials = person.name.split(/\s+/).map((w) => w[0]?.toUpperCase() ?? '').join('').slice(0, 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><rect width="800" height="800" fill="${bg}"/>`
    + '<circle cx="400" cy="400" r="300" fill="none" stroke="#c9a24a" stroke-width="10"/>'
    + `<text x="400" y="470" font-size="220" fill="#f6efdc" text-anchor="middle" font-family="${SERIF}" font-weight="bold">${xml(initials)}</text>`
    + `<text x="400" y="560" font-size="${fitSize(person.role, 440, 34, 0.6)}" fill="#e3c77f" text-anchor="middle" font-family="${SANS}">${xml(person.role)}</text>`
    + '</svg>';
}
