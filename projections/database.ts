/**
 * The read-model tables, as Kysely sees them. Each projection adds its own tables by declaration merging:
 *
 *   declare module '../database' { interface Database { lots: LotsTable } }
 *
 * The event store's own tables (events, streams, projection_checkpoints) are reached through raw SQL in
 * services/event-store, so they are not listed here.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging (an interface, not a type, so it can be)
export interface Database {}
