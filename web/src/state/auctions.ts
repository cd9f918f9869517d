/** The live auction (footer LIVE link, home page) and the next ones. */
import { proxy } from 'valtio';
import { fetchAuctions } from '../api/site';
import type { Auction } from '../lib/types';

export const auctions = proxy({
  live: null as Auction | null,
  next: [] as Auction[],
  loaded: false,
  failed: false,
});

export async function loadAuctions(): Promise<void> {
  const [live, next] = await Promise.allSettled([fetchAuctions('live', 1), fetchAuctions('next', 6)]);
  if (live.status === 'fulfilled') auctions.live = live.value[0] ?? null;
  if (next.status === 'fulfilled') auctions.next = next.value;
  auctions.failed = live.status === 'rejected' && next.status === 'rejected';
  auctions.loaded = true;
}
