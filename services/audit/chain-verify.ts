/**
 * Checks every stream's hash chain (docs/audit.md, "Tamper evidence"): each event's stored hash must equal
 * sha256(previous stored hash of its stream || event_canonical(...) of its stored columns), versions must run 1, 2, 3
 * without a gap, and the streams row must name the last event (version and hash). Reads every event once, in
 * (stream_id, stream_version) order, in batches inside one read-only REPEATABLE READ snapshot, so appends running
 * meanwhile are either wholly seen or not at all.
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../infra/db/database';

type BrokenReason =
  /** The event's content or its previous hash is not what its hash covers (changed data, or a changed predecessor). */
  | 'hash_mismatch'
  /** This version is not there (deleted): the next event found, if any, is `event_id`. */
  | 'missing_event'
  /** The streams row disagrees with the last event (missing row, other last hash, version below the last event). */
  | 'head_mismatch';

export interface BrokenLink {
  stream_id: string;
  stream_version: number;
  event_id: string | null;
  reason: BrokenReason;
  detail: string;
}

export interface ChainReport {
  streams: number;
  events: number;
  /** The first broken link of each broken stream, in stream_id order (streams rows without events last). */
  broken: BrokenLink[];
}

interface VerifyOptions {
  batchSize?: number;
  onProgress?: (progress: { streams: number; events: number }) => void;
}

interface Row {
  stream_id: string;
  stream_version: number;
  event_id: string;
  hash: Buffer;
  canonical: string;
  head_version: number | null;
  head_hash: Buffer | null;
}

/** One stream being walked: what the next event must be, and whether a break was already reported. */
interface Walk {
  streamId: string;
  nextVersion: number;
  previousHash: Buffer | null;
  lastEventId: string;
  broken: boolean;
  headVersion: number | null;
  headHash: Buffer | null;
}

export async function verifyChains(db: Db, options: VerifyOptions = {}): Promise<ChainReport> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute((trx) => verifyChainsIn(trx, options));
}

/** The same check inside a snapshot the caller holds (audit:verify runs every check in one). */
export async function verifyChainsIn(trx: Db, options: VerifyOptions = {}): Promise<ChainReport> {
  const batchSize = options.batchSize ?? 5000;
  const report: ChainReport = { streams: 0, events: 0, broken: [] };
  let walk: Walk | null = null;
  let after: { stream_id: string; stream_version: number } | null = null;
  for (;;) {
    const keyset: RawBuilder<unknown> = after ? sql`WHERE (e.stream_id, e.stream_version) > (${after.stream_id}, ${after.stream_version})` : sql``;
    const { rows }: { rows: Row[] } = await sql<Row>`
      SELECT e.stream_id, e.stream_version, e.event_id::text, e.hash,
             event_canonical(e.stream_id, e.stream_version, e.event_id, e.type, e.data, e.metadata) AS canonical,
             s.version AS head_version, s.last_hash AS head_hash
      FROM events e LEFT JOIN streams s ON s.stream_id = e.stream_id
      ${keyset}
      ORDER BY e.stream_id, e.stream_version
      LIMIT ${batchSize}`.execute(trx);
    for (const row of rows) {
      let current: Walk;
      if (walk === null || walk.streamId !== row.stream_id) {
        if (walk !== null) finish(walk, report);
        current = { streamId: row.stream_id, nextVersion: 1, previousHash: null, lastEventId: row.event_id, broken: false, headVersion: row.head_version, headHash: row.head_hash };
        report.streams++;
      } else {
        current = walk;
      }
      walk = current;
      report.events++;
      if (!current.broken) check(current, row, report);
      current.nextVersion = row.stream_version + 1;
      current.previousHash = row.hash;
      current.lastEventId = row.event_id;
    }
    options.onProgress?.({ streams: report.streams, events: report.events });
    if (rows.length < batchSize) break;
    const last: Row = rows[rows.length - 1];
    after = { stream_id: last.stream_id, stream_version: last.stream_version };
  }
  if (walk) finish(walk, report);
  // Streams rows whose events are all gone.
  const { rows: empty } = await sql<{ stream_id: string; version: number }>`
    SELECT stream_id, version FROM streams s
    WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.stream_id = s.stream_id) ORDER BY stream_id`.execute(trx);
  for (const s of empty) {
    report.streams++;
    report.broken.push({ stream_id: s.stream_id, stream_version: 1, event_id: null, reason: 'missing_event', detail: `the stream is at version ${s.version} but has no events` });
  }
  return report;
}

/** The hash an event must carry, as the append statement computes it (event_chain_step in migration 0740). */
export function linkHash(previousHash: Buffer | null, canonical: string): Buffer {
  const hash = createHash('sha256');
  if (previousHash) hash.update(previousHash);
  return hash.update(canonical, 'utf8').digest();
}

function check(walk: Walk, row: Row, report: ChainReport): void {
  const at = { stream_id: row.stream_id, event_id: row.event_id };
  if (row.stream_version !== walk.nextVersion) {
    walk.broken = true;
    report.broken.push({ ...at, stream_version: walk.nextVersion, reason: 'missing_event', detail: `version ${walk.nextVersion} is missing: the next event is version ${row.stream_version}` });
    return;
  }
  if (!linkHash(walk.previousHash, row.canonical).equals(row.hash)) {
    walk.broken = true;
    report.broken.push({ ...at, stream_version: row.stream_version, reason: 'hash_mismatch', detail: 'the stored hash does not cover this content and the previous event\'s hash' });
  }
}

/** After a stream's last event: the streams row must name it. */
function finish(walk: Walk, report: ChainReport): void {
  if (walk.broken) return;
  const lastVersion = walk.nextVersion - 1;
  const at = { stream_id: walk.streamId, event_id: walk.lastEventId, stream_version: lastVersion };
  if (walk.headVersion === null) {
    report.broken.push({ ...at, reason: 'head_mismatch', detail: 'the stream has events but no streams row' });
  } else if (walk.headVersion > lastVersion) {
    report.broken.push({ ...at, stream_version: lastVersion + 1, event_id: null, reason: 'missing_event', detail: `the stream is at version ${walk.headVersion} but its events end at ${lastVersion}` });
  } else if (walk.headVersion < lastVersion || !walk.headHash || !walk.previousHash || !walk.headHash.equals(walk.previousHash)) {
    report.broken.push({ ...at, reason: 'head_mismatch', detail: `the streams row (version ${walk.headVersion}) does not hold the last event's hash` });
  }
}
