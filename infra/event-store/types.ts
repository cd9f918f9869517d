export interface EventMetadata {
  /** Who caused it: a user id, or 'system' for schedulers and seeds. */
  user_id?: string | null;
  correlation_id?: string;
  causation_id?: string;
  request_id?: string;
  [key: string]: unknown;
}

export interface DomainEvent {
  type: string;
  data: unknown;
}

export interface NewEvent<E extends DomainEvent = DomainEvent> {
  event_id: string;
  type: E['type'];
  data: E['data'];
  metadata?: EventMetadata;
}

export interface StoredEvent<E extends DomainEvent = DomainEvent> {
  position: number;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: E['type'];
  data: E['data'];
  metadata: EventMetadata;
  created_at: Date;
}

/** A point in the global feed, ordered by (transaction_id, position). */
export interface FeedCursor {
  transaction_id: string;
  position: number;
}

export const FEED_START: FeedCursor = { transaction_id: '0', position: 0 };

/** Feed order: negative when `a` comes before `b`, 0 at the same event, positive after. */
export function compareCursors(a: FeedCursor, b: FeedCursor): number {
  const ax = BigInt(a.transaction_id), bx = BigInt(b.transaction_id);
  if (ax !== bx) return ax < bx ? -1 : 1;
  return a.position === b.position ? 0 : a.position < b.position ? -1 : 1;
}

/** `no_stream`: the stream must not exist yet; `any`: no check; a number: the stream's current version. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export interface AppendResult {
  stream_id: string;
  /** The stream's version after the append (the last event's stream_version). */
  version: number;
  events: { event_id: string; position: number; transaction_id: string; stream_version: number }[];
  /** True when these event ids were already written by an earlier attempt and nothing new was written. */
  duplicate: boolean;
}

/** Options of one append. */
export interface AppendOptions {
  /** Append only if none of these streams exists (checked in the append's own statement); else `GuardStreamsExist`. */
  unlessStreamsExist?: readonly string[];
}

/** An append refused by `unlessStreamsExist`: nothing was written. */
export class GuardStreamsExist extends Error {
  constructor(readonly streamIds: string[]) {
    super(`Guard streams exist: ${streamIds.join(', ')}`);
  }
}

export class WrongExpectedVersion extends Error {
  constructor(readonly streamId: string, readonly expected: ExpectedVersion, readonly actual: number) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual ${actual}`);
  }
}
