/**
 * The lot states the live feed needs to build its messages (the previous leader's maximum, the original end...),
 * folded with the domain's own evolve from the events it tails. A lot first seen mid-stream (consigned before this
 * process started) is loaded from its stream once. Closed lots are dropped: nothing more happens to them.
 */
import type { StoredEvent } from '../../infra/event-store/types';
import type { LotEvent } from '../../domain/catalogue/lot/events';
import { evolveLot, initialLotState, type LotState } from '../../domain/catalogue/lot/state';
import { lotStream } from '../catalogue/streams';

interface LiveLot {
  state: LotState;
  version: number;
  title: string;
  /** The consignment's custom title: it stays the title shown whatever staff edit in the item. */
  customTitle: string | null;
}

export interface LotChange {
  event: LotEvent;
  before: LotState;
  after: LotState;
  title: string;
}

const MAX_LOTS = 20_000;

export class LiveLots {
  private readonly lots = new Map<string, LiveLot>();

  constructor(private readonly readStream: (streamId: string) => Promise<StoredEvent[]>) {}

  /** The lot's states around this event; null when this event was already applied. */
  async apply(stored: StoredEvent): Promise<LotChange | null> {
    const event = { type: stored.type, data: stored.data } as LotEvent;
    const lotId = event.data.lot_id;
    let lot = this.lots.get(lotId);
    if (lot && lot.version >= stored.stream_version) return null;
    if (!lot || lot.version !== stored.stream_version - 1) lot = await this.load(lotId, stored.stream_version - 1);
    const after = evolveLot(lot.state, event);
    const next = named(lot, event, after, stored.stream_version);
    this.lots.delete(lotId);
    if (after.status !== 'closed') {
      if (this.lots.size >= MAX_LOTS) this.lots.delete(this.lots.keys().next().value as string);
      this.lots.set(lotId, next);
    }
    return { event, before: lot.state, after, title: next.title };
  }

  /** The open lot's state as the feed last folded it; undefined when this process has seen no event of it yet. */
  current(lotId: string): LotState | undefined {
    return this.lots.get(lotId)?.state;
  }

  private async load(lotId: string, upToVersion: number): Promise<LiveLot> {
    let lot: LiveLot = { state: initialLotState, version: 0, title: '', customTitle: null };
    for (const stored of await this.readStream(lotStream(lotId))) {
      if (stored.stream_version > upToVersion) break;
      const event = { type: stored.type, data: stored.data } as LotEvent;
      lot = named(lot, event, evolveLot(lot.state, event), stored.stream_version);
    }
    return lot;
  }
}

/** The lot after `event`, with the title it shows: the custom title if any, else the item's (a staff edit renames it). */
function named(lot: LiveLot, event: LotEvent, state: LotState, version: number): LiveLot {
  if (event.type === 'LotConsigned') {
    const customTitle = event.data.custom_title || null;
    return { state, version, customTitle, title: customTitle ?? event.data.item.title };
  }
  if (event.type === 'LotEdited') return { state, version, customTitle: lot.customTitle, title: lot.customTitle ?? event.data.item.title };
  return { ...lot, state, version };
}
