/** Test doubles for the lot writer: an in-memory lot stream and the writer's dependencies around it. */
import type { AppendResult, ExpectedVersion, NewEvent, StoredEvent } from '../../infra/event-store/types';
import { GuardStreamsExist, WrongExpectedVersion } from '../../infra/event-store/types';
import { lotDecider } from '../../domain/catalogue/lot/decide';
import type { LotEvent } from '../../domain/catalogue/lot/events';
import { fold } from '../../domain/shared/decider';
import type { CommitExtras, CompanionAppend, WriterDeps } from './lot-job';
import { CappedBidders } from './capped-bidders';

/** An in-memory stream with a gate that holds appends "in flight" until the test opens it. */
export class FakeLotStream {
  events: StoredEvent[] = [];
  commits: number[] = [];
  reads = 0;
  private held: { resolve: () => void } | null = null;
  private gate: Promise<void> | null = null;
  failNext: Error | null = null;
  /** Other streams that exist (what a guarded append checks). */
  existing = new Set<string>();
  /** The companion appends committed with the lot's events. */
  companions: CompanionAppend[] = [];

  hold(): void {
    this.gate = new Promise<void>((resolve) => (this.held = { resolve }));
  }

  release(): void {
    this.held?.resolve();
    this.gate = null;
  }

  /** Another process appends directly. */
  appendOther(event: LotEvent): void {
    this.push([{ event_id: `other-${this.events.length}`, type: event.type, data: event.data }]);
  }

  readStream = async (_id: string, after: number): Promise<StoredEvent[]> => {
    this.reads += 1;
    return this.events.filter((e) => e.stream_version > after);
  };

  commit = async (streamId: string, expected: ExpectedVersion, events: NewEvent[], _keys: unknown[] = [], extras?: CommitExtras): Promise<AppendResult> => {
    if (this.gate) await this.gate;
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = null;
      throw error;
    }
    const present = (extras?.guard ?? []).filter((id) => this.existing.has(id));
    if (present.length > 0) throw new GuardStreamsExist(present);
    const version = this.events.length;
    if ((expected === 'no_stream' ? 0 : expected) !== version) throw new WrongExpectedVersion(streamId, expected, version);
    if (extras?.companion) this.companions.push(extras.companion);
    this.commits.push(events.length);
    const rows = this.push(events);
    return { stream_id: streamId, version: this.events.length, events: rows, duplicate: false };
  };

  state() {
    return fold(lotDecider, this.events.map((e) => ({ type: e.type, data: e.data }) as LotEvent));
  }

  private push(events: NewEvent[]) {
    return events.map((e) => {
      const stored: StoredEvent = {
        position: this.events.length + 1, transaction_id: '1', stream_id: 'lot', stream_version: this.events.length + 1,
        event_id: e.event_id, type: e.type, data: e.data, metadata: e.metadata ?? {}, created_at: new Date(0),
      };
      this.events.push(stored);
      return { event_id: stored.event_id, position: stored.position, transaction_id: '1', stream_version: stored.stream_version };
    });
  }
}

export function writerDeps(stream: FakeLotStream, now: () => Date, capped = new CappedBidders()): WriterDeps {
  return {
    now,
    readStream: stream.readStream,
    commit: stream.commit,
    needsCompanion: (command, state) => capped.needsCap(command, state),
    guardStreams: (commands, state) => capped.guardStreams(commands, state),
    learnGuarded: (ids) => capped.learn(ids),
  };
}
