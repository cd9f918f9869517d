/** Auctions, server clock and content calls. */
import { toList, unwrap } from '../lib/normalize';
import type { Auction } from '../lib/types';
import { get, post } from './http';

export const fetchAuctions = async (time: 'live' | 'next', pageSize = 25) =>
  toList<Auction>(await get('/api/auctions/', { time, page_size: pageSize }));

/** Coming auctions whose deadline for adding bottles has not passed (the server filters with check_deadline). */
export const fetchOpenAuctions = async (signal?: AbortSignal): Promise<Auction[]> =>
  toList<Auction>(await get('/api/auctions/', { time: 'next', check_deadline: 'true', page_size: 25 }, { signal }));

export const fetchAllAuctions = async (query: Record<string, string | number>) =>
  toList<Auction>(await get('/api/auctions/', { page_size: 25, ...query }));

export async function fetchServerTime(): Promise<number> {
  const d = unwrap<{ now?: string | number }>(await get('/api/server_time/', undefined, { auth: false }));
  const t = typeof d.now === 'number' ? d.now : Date.parse(String(d.now));
  if (!Number.isFinite(t)) throw new Error('Bad server time');
  return t;
}

interface StaffMember {
  id?: string | number;
  name?: string;
  first_name?: string;
  last_name?: string;
  position?: string;
  role?: string;
  photo?: string | null;
  description?: string;
  bio?: string;
}

export const fetchAboutUs = async () => toList<StaffMember>(await get('/api/about_us/'));

export const sendContactMessage = (body: { name: string; email: string; message: string; subject?: string }) =>
  post<{ detail?: string }>('/api/contact_us/', body, { auth: false });
