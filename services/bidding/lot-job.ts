/** What the lot writer is given (a job), what it answers (a decision), and what it needs (its dependencies). */
import type { AppendResult, EventMetadata, ExpectedVersion, NewEvent, StoredEvent } from '../../infra/event-store/types';
import type { LotCommand } from '../../domain/catalogue/lot/commands';
import type { LotEvent } from '../../domain/catalogue/lot/events';
import type { LotState } from '../../domain/catalogue/lot/state';
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
  /** Another stream's append that must commit with this command's events (a capped bidder's cap stream). */
  companion?: Companion;
}

/**
 * Decides, from the lot states around the command (and the lot version the command's events will reach), the
 * companion stream's append. May throw a DomainError: the command is then refused. A job with a companion is
 * committed alone, in one transaction with the companion's append.
 */
export interface Companion {
  decide(before: LotState, after: LotState, lotVersionAfter: number): CompanionAppend;
}

export interface CompanionAppend {
  streamId: string;
  expected: ExpectedVersion;
  events: NewEvent[];
}

/**
 * The command needs a companion it was not given (its bidder turned out to be capped), or its companion was decided
 * on a companion stream that has moved since: the caller prepares a fresh companion and submits again.
 */
export class CompanionNeeded extends Error {
  constructor(readonly auctionId: string, readonly stale: boolean) {
    super(stale ? 'companion stream moved' : 'companion needed');
  }
}

export interface CommitExtras {
  /** The append happens only if none of these streams exists (GuardStreamsExist otherwise). */
  guard: readonly string[];
  companion: CompanionAppend | null;
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
  commit(streamId: string, expected: ExpectedVersion, events: NewEvent[], keys: IdempotencyRow[], extras: CommitExtras): Promise<AppendResult>;
  /** Whether an accepted command must come with a companion (a bid by a bidder known to have a cap here). */
  needsCompanion(command: LotCommand, state: LotState): boolean;
  /** The streams whose existence would mean a command of the batch needed a companion after all. */
  guardStreams(commands: readonly LotCommand[], state: LotState): string[];
  /** A guarded append found these streams: remember them, so those commands ask for a companion from now on. */
  learnGuarded(streamIds: readonly string[]): void;
}

export function toRow(idem: NonNullable<LotJob['idempotency']>, stored: StoredAnswer, lotId: string, now: Date): IdempotencyRow {
  return { userId: idem.userId, key: idem.key, requestHash: idem.requestHash, lotId, status: stored.status, answer: stored.body, createdAt: now };
}
