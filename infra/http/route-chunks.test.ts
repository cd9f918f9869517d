import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { routePreloadTags, type ViteManifest } from './route-chunks';

/** A build as Vite's manifest describes it: the entry, two pages' chunks, and chunks they share with the entry. */
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-a1.js', imports: ['_jsx.js', '_lots.js'], css: ['assets/index-a1.css'] },
  '_jsx.js': { file: 'assets/jsx-b2.js' },
  '_lots.js': { file: 'assets/lots-c3.js', imports: ['_jsx.js'] },
  '_chart.js': { file: 'assets/chart-d4.js', imports: ['_jsx.js'], css: ['assets/chart-d4.css'] },
  'src/features/bidding/product-page.tsx': { file: 'assets/product-page-e5.js', imports: ['_lots.js', '_chart.js'], css: ['assets/product-page-e5.css'] },
};

test('given a lot page, when its HTML is written, then its chunk and the chunks only it needs are preloaded, styles first', () => {
  assert.equal(routePreloadTags(manifest, 'product'), [
    '<link rel="stylesheet" crossorigin href="/assets/product-page-e5.css" />',
    '<link rel="stylesheet" crossorigin href="/assets/chart-d4.css" />',
    '<link rel="modulepreload" crossorigin href="/assets/product-page-e5.js" />',
    '<link rel="modulepreload" crossorigin href="/assets/chart-d4.js" />',
  ]);
});

test('given a page without its own chunk, or one the build does not have, then nothing is preloaded', () => {
  assert.equal(routePreloadTags(manifest, 'home'), []);
  assert.equal(routePreloadTags(manifest, 'auction'), []);
});

test.run();
