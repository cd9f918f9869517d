import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';
import { FORMAT_VERSION, LineWriter, MAGIC, type BackupEnd, type BackupHeader } from './format';
import { copiedTables, sequenceNames } from './tables';

/** Rows fetched per round trip from the table's cursor. */
const FETCH = 2000;

interface BackupOptions {
  /** Where the file goes (written as `<file>.partial`, renamed when complete). */
  file: string;
  /** The data folder: its uploads and token signing key go into the backup too. */
  dataDir: string;
  onProgress?: (message: string) => void;
}

/**
 * Writes a backup of the house while it keeps serving: every copied table (tables.ts) read in one repeatable-read
 * snapshot, as pg_dump does, so the events, the streams' heads, the checkpoints and the outbox agree with each other;
 * then the sequences (read after the snapshot, so never behind a row in it) and the data folder's files (written
 * before the rows that name them commit, so every file the snapshot names is there).
 */
export async function writeBackup(db: Db, options: BackupOptions): Promise<{ header: BackupHeader; end: BackupEnd }> {
  const progress = options.onProgress ?? (() => {});
  const writer = new LineWriter(options.file);
  try {
    const result = await db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(async (trx) => {
      const header = await readHeader(trx);
      await writer.line(`${MAGIC} ${JSON.stringify(header)}`);
      const end: BackupEnd = { rows: {}, sequences: 0, files: 0 };
      for (const table of await copiedTables(trx)) {
        end.rows[table] = await copyTable(trx, table, writer);
        progress(`${table}: ${end.rows[table]} rows`);
      }
      for (const name of await sequenceNames(trx)) {
        const { rows } = await sql<{ last_value: string; is_called: boolean }>`
          SELECT last_value::text, is_called FROM ${sql.id('public', name)}`.execute(trx);
        await writer.line(`#sequence ${name} ${JSON.stringify(rows[0])}`);
        end.sequences++;
      }
      return { header, end };
    });
    result.end.files = await copyFiles(options.dataDir, writer);
    progress(`${result.end.files} files of the data folder`);
    await writer.line(`#end ${JSON.stringify(result.end)}`);
    await writer.finish();
    return result;
  } catch (error) {
    await writer.abandon();
    throw error;
  }
}

async function readHeader(trx: Db): Promise<BackupHeader> {
  const { rows: migrations } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(trx);
  const { rows: [version] } = await sql<{ server_version: string }>`SHOW server_version`.execute(trx);
  const { rows: [feed] } = await sql<{ events: number; last_transaction_id: string | null; last_position: number | null }>`
    SELECT (SELECT count(*) FROM events)::int AS events, last.transaction_id::text AS last_transaction_id, last.position AS last_position
    FROM (SELECT 1) one LEFT JOIN LATERAL (
      SELECT transaction_id, position FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1) last ON true`.execute(trx);
  return {
    format_version: FORMAT_VERSION, created_at: new Date().toISOString(), migrations: migrations.map((m) => m.name),
    server_version: version.server_version, feed: { ...feed, last_position: feed.last_position === null ? null : Number(feed.last_position) },
  };
}

async function copyTable(trx: Db, table: string, writer: LineWriter): Promise<number> {
  await writer.line(`#table ${table}`);
  await sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS r FROM ${sql.id('public', table)} t`.execute(trx);
  let count = 0;
  for (;;) {
    const { rows } = await sql<{ r: string }>`FETCH ${sql.raw(String(FETCH))} FROM backup_rows`.execute(trx);
    if (rows.length > 0) await writer.line(rows.map((row) => row.r).join('\n'));
    count += rows.length;
    if (rows.length < FETCH) break;
  }
  await sql`CLOSE backup_rows`.execute(trx);
  return count;
}

/** The uploads (but their temp folder) and the token signing key, if the data folder has them. */
async function copyFiles(dataDir: string, writer: LineWriter): Promise<number> {
  let count = 0;
  const add = async (relative: string) => {
    const data = await fs.readFile(path.join(dataDir, relative));
    await writer.line(`#file ${encodeURIComponent(relative)} ${data.toString('base64')}`);
    count++;
  };
  for (const relative of await listFiles(dataDir, 'uploads')) if (!relative.startsWith(`uploads${path.sep}tmp${path.sep}`)) await add(relative);
  if (await exists(path.join(dataDir, 'token-signing-key'))) await add('token-signing-key');
  return count;
}

async function listFiles(root: string, relative: string): Promise<string[]> {
  const entries = await fs.readdir(path.join(root, relative), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) files.push(...await listFiles(root, child));
    else if (entry.isFile()) files.push(child);
  }
  return files.sort();
}

const exists = (file: string) => fs.access(file).then(() => true, () => false);
