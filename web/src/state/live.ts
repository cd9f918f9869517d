/**
 * Live channels: /ws/lots/ (with the access token when signed in, to receive one's own is_winning), /ws/auctions/,
 * and /ws/notifications/ when signed in. Messages are dispatched by purpose and merged into the stores. The lots
 * channel's status is public: the shell's LiveStatusBanner says when live prices have stopped (reconnectLive()).
 */
import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { LiveChannel, type ChannelStatus } from '../api/ws';
import { fetchLot, fetchLotsUpdatedData } from '../api/lots';
import {
  applyBidUpdate, applyFinished, applyLotUpdate, effectiveEnd, isStaleUpdate, updatesFromLotsUpdatedData, type BidUpdateMessage, type LotUpdate, type LotUpdateMessage,
} from '../lib/lot-merge';
import type { Lot } from '../lib/types';
import { lotTitle } from '../lib/normalize';
import { loadAuctions } from './auctions';
import { moveOnBidUpdate } from './buyers';
import { setServerTime } from './clock';
import { lotsStore, putLot, setBidNotice } from './lots';
import { playAudioCue } from '../lib/audio-cues';
import { addNotification, clearNotifications, loadNotifications, notifications, type AppNotification } from './notifications';
import { session } from './session';
import { pushToast } from './toasts';

export const live = proxy({
  lots: 'idle' as ChannelStatus,
  /** Live prices were flowing (or the user asked to reconnect) and the lots channel is trying to get them back. */
  lotsInterrupted: false,
});

function setLotsStatus(s: ChannelStatus): void {
  if (s === 'waiting' && live.lots === 'open') live.lotsInterrupted = true;
  else if (s !== 'waiting' && s !== 'connecting') live.lotsInterrupted = false;
  live.lots = s;
}

const OUTBID_TEXT = 'You have been outbid';

// The server announces an outbid twice (bid_update on /ws/lots/, an "outbid" notification on /ws/notifications/):
// whichever comes first shows the toast; the other only updates state.
const OUTBID_WINDOW_MS = 10_000;
const outbidShown = new Map<string, number>();
function firstOutbidToast(lotId: string): boolean {
  const now = Date.now();
  const last = outbidShown.get(lotId);
  outbidShown.set(lotId, now);
  return last === undefined || now - last > OUTBID_WINDOW_MS;
}

/**
 * Merges an update and, when it moved the lot's end (soft close), keeps the end before and after for the notice. An
 * update with fewer bids than the page holds is older than it (a socket's first look and the page's read crossed).
 */
function applyWithExtension(lot: Lot, update: LotUpdate): void {
  if (isStaleUpdate(lot, update)) return;
  const before = effectiveEnd(lot);
  applyLotUpdate(lot, update);
  const after = effectiveEnd(lot);
  if (lot.extra_time && after && before && after !== before) lotsStore.extensions[String(lot.id)] = { from: before, to: after };
}

function dispatchLive(m: Record<string, unknown>): void {
  switch (m.purpose) {
    case 'hello':
      if (m.server_time) setServerTime(Date.parse(String(m.server_time)));
      return;
    case 'lot_update': {
      const msg = m as unknown as LotUpdateMessage;
      const lot = lotsStore.byId[String(msg.lot_id)];
      if (!lot) return void console.debug('[live] update for a lot not on screen', msg.lot_id);
      applyWithExtension(lot, msg);
      return;
    }
    case 'bid_update': {
      const msg = m as unknown as BidUpdateMessage;
      const id = String(msg.lot_id);
      moveOnBidUpdate(id, !!msg.is_winning);
      const lot = lotsStore.byId[id];
      if (!lot) {
        console.debug('[live] bid update for a lot not on screen', msg.lot_id);
        if (!msg.is_winning && firstOutbidToast(id)) pushToast({ kind: 'warning', title: OUTBID_TEXT, href: `/product/${id}` });
        return;
      }
      const { outbid } = applyBidUpdate(lot, msg);
      if (outbid) {
        if (firstOutbidToast(id)) pushToast({ kind: 'warning', title: OUTBID_TEXT, text: lotTitle(lot), href: `/product/${lot.id}` });
        setBidNotice(lot.id, { kind: 'warning', text: OUTBID_TEXT });
      }
      return;
    }
    case 'finished_lots': {
      const ids = Array.isArray(m.lot_id_list) ? (m.lot_id_list as (string | number)[]) : [];
      for (const id of ids) {
        const lot = lotsStore.byId[String(id)];
        if (lot) applyFinished(lot);
        else console.debug('[live] finished lot not on screen', id);
      }
      return;
    }
    case 'auction_update':
      void loadAuctions();
      return;
    case 'notification': {
      const n = (m.notification ?? m) as AppNotification;
      const known = notifications.items.some((x) => String(x.id) === String(n.id));
      addNotification(n);
      if (known) return; // the client also dedupes by id (docs/notifications.md)
      if (session.user?.is_audio_cues) playAudioCue(session.user.audio_cue);
      if (n.template === 'outbid' && n.lot_id != null && !firstOutbidToast(String(n.lot_id))) return;
      pushToast({ kind: 'info', title: n.text || n.title || 'New notification', href: n.lot_id ? `/product/${n.lot_id}` : undefined });
      return;
    }
    default:
      console.debug('[live] unhandled message', m.purpose);
  }
}

/** After a reconnection, re-read the lots on screen that are still open so nothing missed stays stale. */
async function resync(): Promise<void> {
  const open = Object.values(lotsStore.byId).filter((l) => l.on_bidding).slice(0, 30);
  await Promise.allSettled(open.map(async (l) => putLot(await fetchLot(l.id))));
}

/**
 * After the first connection: one batched read of the open lots on screen closes the gap between the page's own
 * reads and the moment the channel started pushing.
 */
async function catchUpOnScreen(): Promise<void> {
  const ids = Object.values(lotsStore.byId).filter((l) => l.on_bidding).map((l) => String(l.id)).slice(0, 200);
  if (ids.length === 0) return;
  const { updates, finished } = updatesFromLotsUpdatedData(await fetchLotsUpdatedData(ids));
  for (const update of updates) {
    const lot = lotsStore.byId[String(update.lot_id)];
    if (lot) applyWithExtension(lot, update);
  }
  for (const id of finished) {
    const lot = lotsStore.byId[id];
    if (lot) applyFinished(lot);
  }
}

let lots: LiveChannel | null = null;
let auctionsChannel: LiveChannel | null = null;
let notes: LiveChannel | null = null;

function openUserChannels(): void {
  lots?.stop();
  notes?.stop();
  const signedIn = session.status === 'signed-in';
  lots = new LiveChannel('lots', {
    withToken: signedIn,
    onMessage: dispatchLive,
    onStatus: setLotsStatus,
    onReconnect: () => void resync(),
    onFirstOpen: () => void catchUpOnScreen().catch((e) => console.warn('[live] catch-up failed', e)),
  });
  lots.start();
  notes = null;
  clearNotifications();
  if (signedIn) {
    void loadNotifications();
    notes = new LiveChannel('notifications', { withToken: true, onMessage: dispatchLive });
    notes.start();
  }
}

/** The user's Reconnect once the lots channel gave up: every channel starts over with a fresh retry count. */
export function reconnectLive(): void {
  if (live.lots === 'failed') live.lotsInterrupted = true;
  for (const channel of [lots, auctionsChannel, notes]) channel?.restart();
}

let started = false;
export function startLive(): void {
  if (started || typeof WebSocket === 'undefined') return;
  started = true;
  auctionsChannel = new LiveChannel('auctions', { withToken: false, onMessage: dispatchLive });
  auctionsChannel.start();
  openUserChannels();
  subscribeKey(session, 'status', (status) => {
    if (status !== 'unknown') openUserChannels();
  });
}
