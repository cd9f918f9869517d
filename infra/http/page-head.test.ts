import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { absoluteUrl, clip, renderPage, scriptJson, type PageHead } from './page-head';
import { readHead } from './testing/read-head';

const SHELL = '<!doctype html>\n<html>\n  <head>\n    <meta name="description" content="Generic." />\n    <title>Site</title>\n'
  + '    <script type="module" src="/assets/index.js"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

const head = (title: string): PageHead => ({
  title, shareTitle: title, description: `About ${title}`, canonical: 'https://h.example/product/1/x', ogType: 'product',
  siteName: 'H & R', image: null, imageAlt: title, jsonLd: { name: title }, fallback: { heading: title, paragraphs: [`Text of ${title}`] },
});

test('JSON in a script element cannot close it or open a comment, and parses back to the same text', () => {
  const text = '</script><!-- <script> & \u2028 "q"';
  const json = scriptJson({ text });
  assert.not.ok(/[<>&\u2028]/.test(json), json);
  assert.equal(JSON.parse(json), { text });
});

test('the page keeps the shell and replaces its title and description; replacement patterns stay text', () => {
  const title = 'A $& $1 $` <b>"x"</b>';
  const html = renderPage(SHELL, head(title));
  const read = readHead(html);
  assert.is(read.title, title);
  assert.is(read.name.description, `About ${title}`);
  assert.is(read.fallback.heading, title);
  assert.equal(read.jsonLd, [{ name: title }]);
  assert.is((html.match(/<title>/g) ?? []).length, 1);
  assert.is((html.match(/name="description"/g) ?? []).length, 1);
  assert.ok(html.includes('<script type="module" src="/assets/index.js"></script>'));
  assert.is(read.name['twitter:card'], 'summary', 'no image: the small card');
  assert.is(renderPage(SHELL, null), SHELL);
});

test('descriptions are cut at a word; images only as http(s) URLs on the site', () => {
  assert.is(clip('short  text\n here'), 'short text here');
  const long = clip('word '.repeat(100), 30);
  assert.ok(long.length <= 30 && long.endsWith('word…'), long);
  assert.is(absoluteUrl('/images/a.webp', 'https://h.example'), 'https://h.example/images/a.webp');
  assert.is(absoluteUrl('https://cdn.example/a.webp', 'https://h.example'), 'https://cdn.example/a.webp');
  for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '', null]) assert.is(absoluteUrl(bad, 'https://h.example'), null, String(bad));
});

test.run();
