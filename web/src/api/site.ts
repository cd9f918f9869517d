/** Auctions, server clock and content calls. */
import { unwrap } from '../lib/normalize';
import type { Auction } from '../lib/types';
import type { AboutUsPerson, Page } from './contract';
import { get, post } from './http';

const auctions = async (query: Record<string, string | number>, signal?: AbortSignal) =>
  (await get<Page<Auction>>('/api/auctions/', { page_size: 25, ...query }, { signal })).results;

export const fetchAuctions = (time: 'live' | 'next', pageSize = 25) => auctions({ time, page_size: pageSize });

/** Coming auctions whose deadline for adding bottles has not passed (the server filters with check_deadline). */
export const fetchOpenAuctions = (signal?: AbortSignal) => auctions({ time: 'next', check_deadline: 'true' }, signal);

export const fetchAllAuctions = (query: Record<string, string | number>) => auctions(query);

export async function fetchServerTime(): Promise<number> {
  const d = unwrap<{ now?: string | number }>(await get('/api/server_time/', undefined, { auth: false }));
  const t = typeof d.now === 'number' ? d.now : Date.parse(String(d.now));
  if (!Number.isFinite(t)) throw new Error('Bad server time');
  return t;
}

export const fetchAboutUs = async () => (await get<{ results: AboutUsPerson[] }>('/api/about_us/')).results;

export const sendContactMessage = (body: { name: string; email: string; message: string; subject?: string }) =>
  post<{ detail?: string }>('/api/contact_us/', body, { auth: false });
