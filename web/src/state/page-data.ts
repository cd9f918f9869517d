/**
 * A lot page's HTML carries the lot as the API answers it to a visitor who is not signed in (a JSON data block the
 * server writes as `LotPageData`: services/pages/lot-page-meta.ts). For such a visitor the lot goes into the store
 * before the first render, so the page is drawn without waiting for its own read (one round trip less before the
 * photo and the price show on a phone). A signed-in visitor's page waits for its read as before: it shows their own bids. Used once.
 */
import { hasSessionHint } from '../api/http';
import { readLotBlock } from '../lib/normalize';
import { lotsStore, putLot } from './lots';

export function seedFromPage(doc: Document = document, path = location.pathname): void {
  const block = doc.getElementById('page-data');
  if (!block) return;
  block.remove();
  if (hasSessionHint()) return;
  const id = /^\/product\/([^/]+)/.exec(path)?.[1];
  let lot: ReturnType<typeof readLotBlock> = null;
  try {
    lot = readLotBlock(JSON.parse(block.textContent ?? ''));
  } catch {
    return; // a damaged block: the page reads the lot itself
  }
  if (lot && id && String(lot.id) === decodeURIComponent(id) && !lotsStore.byId[lot.id]) putLot(lot);
}
