/**
 * Commands whose events belong on several streams that must change together (a payment's success and the
 * registration fee it pays, a payment's success and the card it saves): every stream is folded, one function decides
 * the events of each, and all of them are appended in one transaction with their expected versions. On a version
 * conflict everything is loaded and decided again; the deciders are pure, so a retry is always safe.
 *
 * `within` runs in the same transaction after the appends (outbox emails, idempotency answers), so the side work
 * exists exactly when the events do. `check` runs in the transaction before the appends and answers the decision to
 * append, for decisions that depend on rows locked there (a verification code checked and counted together with its
 * consequence); on a version conflict its writes roll back with the rest.
 */
import { randomUUID } from 'node:crypto';
import type { Decider } from '../../domain/shared/decider';
import type { EventStore } from '../event-store/event-store';
import type { CommandHandler } from './command-handler';
import type { AppendResult, DomainEvent, EventMetadata } from '../event-store/types';
import { WrongExpectedVersion } from '../event-store/types';
import type { Db } from '../db/database';

// biome-ignore lint/suspicious/noExplicitAny: streams of different deciders sit in one list; each is folded with its own decider
type AnyDecider = Decider<any, any, any>;

export interface StreamRef { streamId: string; decider: AnyDecider }

/** What the decide step answers: the events for each stream (by stream id; none for a stream = untouched). */
export interface MultiDecision<R> { events: Record<string, DomainEvent[]>; result: R }

export interface MultiOutcome<R> {
  result: R;
  appends: AppendResult[];
  /** The states after the new events, by stream id. */
  states: Record<string, unknown>;
}

interface HandleManyOptions<R> {
  check?: (trx: Db, states: Record<string, unknown>, decision: MultiDecision<R>) => Promise<MultiDecision<R>>;
  maxAttempts?: number;
}

export async function handleMany<R>(
  ctx: { db: Db; store: EventStore; commands: CommandHandler },
  streams: StreamRef[],
  decide: (states: Record<string, unknown>) => MultiDecision<R>,
  metadata: EventMetadata = {},
  within?: (trx: Db, decision: MultiDecision<R>) => Promise<void>,
  { check, maxAttempts = 5 }: HandleManyOptions<R> = {},
): Promise<MultiOutcome<R>> {
  const touchedBy = (decision: MultiDecision<R>) => streams.filter((s) => (decision.events[s.streamId]?.length ?? 0) > 0);
  for (let attempt = 1; ; attempt++) {
    const loaded = await Promise.all(streams.map((s) => ctx.commands.load(s.streamId, s.decider)));
    const states: Record<string, unknown> = {};
    const versions: Record<string, number> = {};
    streams.forEach((s, i) => {
      states[s.streamId] = loaded[i].state;
      versions[s.streamId] = loaded[i].version;
    });
    const decided = decide(states);
    if (touchedBy(decided).length === 0 && !within && !check) return { result: decided.result, appends: [], states };
    try {
      const { appends, decision, touched } = await ctx.db.transaction().execute(async (trx) => {
        const decision = check ? await check(trx, states, decided) : decided;
        const touched = touchedBy(decision);
        const done: AppendResult[] = [];
        for (const s of touched) {
          const version = versions[s.streamId];
          const events = decision.events[s.streamId].map((e) => ({ event_id: randomUUID(), type: e.type, data: e.data, metadata }));
          done.push(await ctx.store.append(s.streamId, version === 0 ? 'no_stream' : version, events, trx));
        }
        await within?.(trx, decision);
        return { appends: done, decision, touched };
      });
      if (appends.length > 0) ctx.store.notifyAppended();
      const after: Record<string, unknown> = { ...states };
      for (const s of touched) after[s.streamId] = decision.events[s.streamId].reduce((st, e) => s.decider.evolve(st, e), states[s.streamId]);
      return { result: decision.result, appends, states: after };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt >= maxAttempts) throw error;
    }
  }
}

/** The cursor of the last event of several appends, for `projections.waitFor` (null when nothing was appended). */
export function lastCursor(appends: AppendResult[]): { transaction_id: string; position: number } | null {
  const events = appends.flatMap((a) => a.events);
  if (events.length === 0) return null;
  const last = events.reduce((a, b) => (BigInt(a.transaction_id) > BigInt(b.transaction_id) || (a.transaction_id === b.transaction_id && a.position > b.position) ? a : b));
  return { transaction_id: last.transaction_id, position: last.position };
}
