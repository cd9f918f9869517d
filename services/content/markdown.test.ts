import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderMarkdown, safeUrl } from './markdown';

test('content: markdown renders headings, emphasis and safe links', () => {
  const html = renderMarkdown('# Speyside\n\nA **fine** [dram](https://example.com/x "Look").');
  assert.ok(html.includes('<h1>Speyside</h1>'), html);
  assert.ok(html.includes('<strong>fine</strong>'), html);
  assert.ok(html.includes('<a href="https://example.com/x" title="Look" rel="noopener noreferrer nofollow" target="_blank">dram</a>'), html);
});

test('content: markdown never lets scripts through', () => {
  for (const source of [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '![x](javascript:alert(1))',
    '[x](//evil.example/)',
    '<a href="javascript:alert(1)">x</a>',
    '[x](https://a.example/" onmouseover="alert(1))',
  ]) {
    const html = renderMarkdown(source);
    assert.not.ok(/<script|<[^>]*onerror=|<a href="javascript|<img src="javascript|href="\/\/|<[^>]*" onmouseover=/i.test(html), `${source} -> ${html}`);
  }
});

test('content: safeUrl keeps http(s), mailto and site paths only', () => {
  assert.is(safeUrl('/blog'), '/blog');
  assert.is(safeUrl('mailto:a@b.c'), 'mailto:a@b.c');
  assert.is(safeUrl('data:text/html,x'), null);
  assert.is(safeUrl('JavaScript:x'), null);
});

test.run();
