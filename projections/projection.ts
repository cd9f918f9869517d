import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/database';
import type { StoredEvent } from '../infra/event-store/types';

/**
 * A read model: the tables it owns and how one event changes them. `apply` must be idempotent (applying the same
 * event twice changes nothing) and must take every value from the event (no now(), no serial ids), so a rebuild
 * from the events gives exactly the live tables. It writes only through the transaction it is handed.
 */
export interface Projection {
  name: string;
  tables: string[];
  /** Event types it reads; others are skipped without a call. */
  eventTypes: readonly string[];
  apply(trx: Kysely<Database>, event: StoredEvent): Promise<void>;
  /**
   * The same as `apply` on each event in turn, in fewer statements (only the events of `eventTypes` are passed, in feed
   * order). The bid read models have one: at a close each accepted bid would otherwise be a few round trips for each.
   */
  applyBatch?(trx: Kysely<Database>, events: StoredEvent[]): Promise<void>;
}
