import { randomUUID } from 'node:crypto';
import type { Decider } from '../../domain/shared/decider';
import type { EventStore } from '../event-store/event-store';
import type { AppendResult, DomainEvent, EventMetadata } from '../event-store/types';
import { WrongExpectedVersion } from '../event-store/types';

export interface CommandOutcome<S, E> {
  state: S;
  events: E[];
  append: AppendResult | null;
}

interface Cached { decider: unknown; version: number; state: unknown }

/**
 * Load the stream, decide, append with the expected version; on a version conflict (another writer got there
 * first) load again and decide again. The decider is pure, so a retry is always safe.
 *
 * Folded states are cached per stream: events are immutable, so a cached state at version N only needs the events
 * after N; a stale entry costs one extra read, never a wrong decision (the append's version check is the backstop).
 */
export class CommandHandler {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly store: EventStore, private readonly maxCached = 10_000) {}

  async handle<S, C, E extends DomainEvent>(
    streamId: string,
    decider: Decider<S, C, E>,
    command: C,
    metadata: EventMetadata = {},
    maxAttempts = 5,
  ): Promise<CommandOutcome<S, E>> {
    for (let attempt = 1; ; attempt++) {
      const { state, version } = await this.load(streamId, decider);
      const events = decider.decide(command, state);
      if (events.length === 0) return { state, events, append: null };
      try {
        const append = await this.store.append(
          streamId,
          version === 0 ? 'no_stream' : version,
          events.map((e) => ({ event_id: randomUUID(), type: e.type, data: e.data, metadata })),
        );
        const next = events.reduce((s, e) => decider.evolve(s, e), state);
        this.remember(streamId, { decider, version: append.version, state: next });
        return { state: next, events, append };
      } catch (error) {
        this.cache.delete(streamId);
        if (!(error instanceof WrongExpectedVersion) || attempt >= maxAttempts) throw error;
      }
    }
  }

  /** The current state of a stream, folded (from the cache where possible). */
  async load<S, C, E extends DomainEvent>(streamId: string, decider: Decider<S, C, E>): Promise<{ state: S; version: number }> {
    const cached = this.cache.get(streamId);
    const usable = cached && cached.decider === decider ? cached : undefined;
    let state = (usable?.state as S | undefined) ?? decider.initialState;
    let version = usable?.version ?? 0;
    const newer = await this.store.readStream<E>(streamId, version);
    for (const event of newer) {
      state = decider.evolve(state, { type: event.type, data: event.data } as E);
      version = event.stream_version;
    }
    if (newer.length > 0) this.remember(streamId, { decider, version, state });
    return { state, version };
  }

  private remember(streamId: string, entry: Cached): void {
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    if (this.cache.size > this.maxCached) this.cache.delete(this.cache.keys().next().value as string);
  }
}
