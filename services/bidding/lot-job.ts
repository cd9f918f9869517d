/** What the lot writer is given (a job), what it answers (a decision), and what it needs (its dependencies). */
import type { AppendResult, EventMetadata, ExpectedVersion, NewEvent, StoredEvent } from '../event-store/types';
import type { LotCommand } from '../../domain/lot/commands';
import type { LotEvent } from '../../domain/lot/events';
import type { LotState } from '../../domain/lot/state';
import type { IdempotencyRow } from './idempotency-store';

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export interface LotJob {
  /** Builds the command at its first decision, with the server's time at that moment. */
  build(now: string): LotCommand;
  metadata: EventMetadata;
  /** Set for bids with an Idempotency-Key: the answer is stored in the same transaction as the events. */
  idempotency?: { userId: string; key: string; requestHash: string; answer(before: LotState, after: LotState): StoredAnswer };
}

export interface Decision {
  before: LotState;
  after: LotState;
  events: LotEvent[];
  /** null when the command changed nothing (no events). */
  append: AppendResult | null;
  /** The stored answer, for jobs with an idempotency key. */
  stored: StoredAnswer | null;
}

export interface WriterDeps {
  now(): Date;
  readStream(streamId: string, afterVersion: number): Promise<StoredEvent[]>;
  commit(streamId: string, expected: ExpectedVersion, events: NewEvent[], keys: IdempotencyRow[]): Promise<AppendResult>;
}

export function toRow(idem: NonNullable<LotJob['idempotency']>, stored: StoredAnswer, lotId: string, now: Date): IdempotencyRow {
  return { userId: idem.userId, key: idem.key, requestHash: idem.requestHash, lotId, status: stored.status, answer: stored.body, createdAt: now };
}
