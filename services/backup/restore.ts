import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';
import { directive, FORMAT_VERSION, MAGIC, named, readLines, type BackupEnd, type BackupHeader } from './format';
import { insertableColumns, isCopied, READ_MODEL_CHECKPOINTS } from './tables';
import { knownMigrations, migrateTo, migrateToLatest } from '../../infra/db/migrate';
import { ensureFeedEpoch } from '../../infra/event-store/feed-epoch';
import { rebuildReadModels } from './rebuild';

/** Rows per INSERT, and at most this many characters of row text per INSERT. */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 4_000_000;

interface RestoreOptions {
  file: string;
  /** The data folder the backup's files go to (uploads, token signing key). */
  dataDir: string;
  onProgress?: (message: string) => void;
}

export interface RestoreReport {
  header: BackupHeader;
  end: BackupEnd;
  /** The feed epoch after the restore (feed-epoch.ts): raised when the backup's ids were above this cluster's. */
  epoch: { raised: boolean; offset: string };
  /** The read models rebuilt, each up to the last event. */
  rebuilt: string[];
}

/**
 * Restores a backup (backup.ts) into an empty database: the schema its source had (the same migrations), the copied
 * tables and sequences, all in one transaction (a truncated or damaged file leaves the database empty), the data
 * folder's files, then the migrations made since, the feed epoch, and every read model rebuilt from the events.
 */
export async function restoreBackup(db: Db, options: RestoreOptions): Promise<RestoreReport> {
  const progress = options.onProgress ?? (() => {});
  const header = await readHeader(options.file);
  await refuseNonEmpty(db);
  const known = await knownMigrations();
  const unknown = header.migrations.filter((m) => !known.includes(m));
  if (header.migrations.length === 0) throw new Error('The backup names no migrations: it is damaged.');
  if (unknown.length > 0) throw new Error(`This backup was made by a newer version of the house (migrations ${unknown.join(', ')}): restore it with that version.`);
  const end = await db.connection().execute(async (connection) => {
    // One transaction from the schema to the last row: a restore that fails leaves the database empty, ready for
    // another attempt. (The migrations never open transactions of their own; the migrator's is turned off here.)
    await sql`BEGIN`.execute(connection);
    try {
      await migrateTo(connection, header.migrations[header.migrations.length - 1], { inOpenTransaction: true });
      progress(`schema of the backup: ${header.migrations.length} migrations`);
      const imported = await importLines(connection, options.file, options.dataDir, progress);
      // Read models start again from the beginning; followers (mailers, won-lots) go on from where they were.
      await sql`DELETE FROM projection_checkpoints WHERE name = ANY(${READ_MODEL_CHECKPOINTS}::text[])`.execute(connection);
      await sql`COMMIT`.execute(connection);
      return imported;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection).catch(() => {});
      throw error;
    }
  });
  progress(`${end.files} files into ${options.dataDir}`);

  // Raises the feed epoch when the backup's ids are above this cluster's (feed-epoch.ts). The epoch is not in the
  // backup, so it started at 0 here: an offset now is this restore's.
  await migrateToLatest(db);
  const { offset } = await ensureFeedEpoch(db);
  const epoch = { raised: offset !== '0', offset };
  progress(epoch.raised ? `feed epoch raised to ${epoch.offset} (the backup's transaction ids are above this cluster's)` : 'feed epoch unchanged');
  const rebuilt = await rebuildReadModels(db, progress);
  return { header, end, epoch, rebuilt };
}

async function readHeader(file: string): Promise<BackupHeader> {
  let header: BackupHeader | null = null;
  try {
    for await (const line of readLines(file)) {
      const { word, rest } = directive(line);
      if (word === MAGIC) header = JSON.parse(rest) as BackupHeader;
      break;
    }
  } catch (error) {
    // Not gzip, or not JSON after the magic word.
    if ((error as { code?: string }).code === 'ENOENT') throw error;
  }
  if (!header) throw new Error(`${file} is not a whisky-auction backup.`);
  if (header.format_version !== FORMAT_VERSION) throw new Error(`Backup format ${header.format_version} is not supported (this version reads ${FORMAT_VERSION}).`);
  return header;
}

async function refuseNonEmpty(db: Db): Promise<void> {
  // An extension's own relations (pg_stat_statements' views, say) do not count: a hosted server may put them there.
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`.execute(db);
  if (rows[0].n > 0) throw new Error('The database is not empty: restore only into a new, empty database (docs/backup-restore.md).');
}

/**
 * Every line after the header: rows in batches, sequences set, files written (a failed restore may leave files behind
 * but no rows; restoring again overwrites them); checks the end line.
 */
async function importLines(trx: Db, file: string, dataDir: string, progress: (m: string) => void): Promise<BackupEnd> {
  const counts: Record<string, number> = {};
  let table: { name: string; columns: string[] } | null = null;
  let batch: string[] = [];
  let chars = 0;
  let sequences = 0;
  let files = 0;
  const flush = async () => {
    if (!table || batch.length === 0) return;
    const columns = sql.join(table.columns.map((c) => sql.id(c)));
    await sql`INSERT INTO ${sql.id('public', table.name)} (${columns}) OVERRIDING SYSTEM VALUE
      SELECT ${columns} FROM jsonb_populate_recordset(NULL::${sql.id('public', table.name)}, ${`[${batch.join(',')}]`}::jsonb)`.execute(trx);
    counts[table.name] += batch.length;
    batch = [];
    chars = 0;
  };
  let first = true;
  for await (const line of readLines(file)) {
    if (first) { first = false; continue; }
    if (line.startsWith('{')) {
      if (!table) throw new Error('A row before any #table line: the backup is damaged.');
      batch.push(line);
      chars += line.length;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
      continue;
    }
    await flush();
    const { word, rest } = directive(line);
    if (word === '#table') {
      if (table) progress(`${table.name}: ${counts[table.name]} rows`);
      if (!isCopied(rest)) throw new Error(`The backup holds table ${rest}, which a restore makes itself: the backup is damaged.`);
      table = { name: rest, columns: await insertableColumns(trx, rest) };
      counts[rest] = 0;
    } else if (word === '#sequence') {
      const { name, value } = named(rest);
      const state = JSON.parse(value) as { last_value: string; is_called: boolean };
      await sql`SELECT setval(${`public.${name}`}::regclass, ${state.last_value}::bigint, ${state.is_called})`.execute(trx);
      sequences++;
    } else if (word === '#file') {
      const { name, value } = named(rest);
      await writeDataFile(dataDir, safeRelative(decodeURIComponent(name)), Buffer.from(value, 'base64'));
      files++;
    } else if (word === '#end') {
      const end = JSON.parse(rest) as BackupEnd;
      const expected = JSON.stringify({ rows: end.rows, sequences: end.sequences, files: end.files });
      const found = JSON.stringify({ rows: counts, sequences, files });
      if (expected !== found) throw new Error(`The backup's own counts differ from what it holds (${expected} against ${found}): the backup is damaged.`);
      if (table) progress(`${table.name}: ${counts[table.name]} rows`);
      return end;
    } else {
      throw new Error(`Unknown line ${word} in the backup: it is damaged or from another format.`);
    }
  }
  throw new Error('The backup ends before its #end line: it is truncated (nothing was restored).');
}

/** Only the data folder's own kinds of file, and never outside it (a backup file is input like any other). */
function safeRelative(relative: string): string {
  const normal = path.posix.normalize(relative);
  const allowed = normal === 'token-signing-key' || (normal.startsWith('uploads/') && !normal.split('/').includes('..'));
  if (!allowed || path.posix.isAbsolute(normal)) throw new Error(`The backup names a file outside the data folder's uploads: ${relative}`);
  return normal;
}

async function writeDataFile(dataDir: string, relative: string, data: Buffer): Promise<void> {
  const target = path.join(dataDir, relative);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, data, { mode: relative === 'token-signing-key' ? 0o600 : 0o644 });
}
