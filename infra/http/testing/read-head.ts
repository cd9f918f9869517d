/** Reads what a crawler reads from a page's HTML: title, meta tags, canonical link, JSON-LD and the no-script text. */
export interface ReadHead {
  title: string;
  name: Record<string, string>;
  property: Record<string, string>;
  canonical: string | undefined;
  /** The image preloads, their attributes by name. */
  preloads: Record<string, string>[];
  jsonLd: any[];
  fallback: { heading: string; text: string };
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Character references back to text (the server writes numeric ones; the built shell may have named ones). */
const decode = (s: string) => s.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (whole, ref: string) => {
  if (ref[0] !== '#') return NAMED[ref] ?? whole;
  return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
});

export function readHead(html: string): ReadHead {
  const head = html.slice(0, html.indexOf('</head>'));
  const name: Record<string, string> = {};
  const property: Record<string, string> = {};
  for (const [, attr, key, content] of head.matchAll(/<meta (name|property)="([^"]*)" content="([^"]*)"\s*\/?>/g)) {
    (attr === 'name' ? name : property)[decode(key)] = decode(content);
  }
  const root = /<div id="root"><noscript>([\s\S]*?)<\/noscript><\/div>/.exec(html)?.[1] ?? '';
  return {
    title: decode(/<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? ''),
    name,
    property,
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    preloads: [...head.matchAll(/<link rel="preload" ([^>]*?)\s*\/?>/g)].map(([, attrs]) =>
      Object.fromEntries([...attrs.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k, decode(v)]))).filter((p) => p.as === 'image'),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1])),
    fallback: {
      heading: decode(/<h1>([\s\S]*?)<\/h1>/.exec(root)?.[1] ?? ''),
      text: decode(root.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')),
    },
  };
}
