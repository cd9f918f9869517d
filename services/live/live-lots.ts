/**
 * The lot states the live feed needs to build its messages (the previous leader's maximum, the original end...),
 * folded with the domain's own evolve from the events it tails. A lot first seen mid-stream (consigned before this
 * process started) is loaded from its stream once. Closed lots are dropped: nothing more happens to them.
 */
import type { StoredEvent } from '../event-store/types';
import type { LotEvent } from '../../domain/lot/events';
import { evolveLot, initialLotState, type LotState } from '../../domain/lot/state';
import { lotStream } from '../catalogue/streams';

export interface LiveLot {
  state: LotState;
  version: number;
  title: string;
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
    const title = event.type === 'LotConsigned' ? titleOf(event) : lot.title;
    this.lots.delete(lotId);
    if (after.status !== 'closed') {
      if (this.lots.size >= MAX_LOTS) this.lots.delete(this.lots.keys().next().value as string);
      this.lots.set(lotId, { state: after, version: stored.stream_version, title });
    }
    return { event, before: lot.state, after, title };
  }

  private async load(lotId: string, upToVersion: number): Promise<LiveLot> {
    let lot: LiveLot = { state: initialLotState, version: 0, title: '' };
    for (const stored of await this.readStream(lotStream(lotId))) {
      if (stored.stream_version > upToVersion) break;
      const event = { type: stored.type, data: stored.data } as LotEvent;
      lot = { state: evolveLot(lot.state, event), version: stored.stream_version, title: event.type === 'LotConsigned' ? titleOf(event) : lot.title };
    }
    return lot;
  }
}

function titleOf(event: Extract<LotEvent, { type: 'LotConsigned' }>): string {
  return event.data.custom_title || event.data.item.title;
}
