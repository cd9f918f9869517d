/**
 * The backup file (docs/backup-restore.md): gzip of text lines. A line starting with `{` is one row
 * of the current table, exactly as PostgreSQL's `to_jsonb(row)::text` wrote it (never parsed and re-serialised in
 * Node, so bigints, numerics and timestamps keep every digit). Every other line starts with `#`:
 *
 *   #whisky-auction-backup {header}    first line: format version, migrations, source server, feed summary
 *   #table <name>                      the rows that follow belong to this table
 *   #sequence <name> {state}           a sequence's last_value and is_called
 *   #file <relative path> <base64>     a file of the data folder (uploads, the token signing key)
 *   #end {counts}                      last line: rows per table and files; a file without it is truncated
 */
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { once } from 'node:events';

export const MAGIC = '#whisky-auction-backup';
export const FORMAT_VERSION = 1;

export interface BackupHeader {
  format_version: number;
  created_at: string;
  /** The migrations applied in the source database, in order: the restore rebuilds exactly this schema first. */
  migrations: string[];
  server_version: string;
  /** The highest stored event id in the feed order, and the count: what the restored feed must end with. */
  feed: { events: number; last_transaction_id: string | null; last_position: number | null };
}

export interface BackupEnd { rows: Record<string, number>; sequences: number; files: number }

/** A gzip file written line by line with backpressure; `finish` renames it into place only once complete. */
export class LineWriter {
  private readonly gzip = zlib.createGzip({ level: 6 });
  private readonly out: fs.WriteStream;
  private readonly done: Promise<unknown>;

  constructor(private readonly file: string) {
    this.out = fs.createWriteStream(`${file}.partial`, { mode: 0o600 });
    this.gzip.pipe(this.out);
    this.done = once(this.out, 'close');
  }

  async line(text: string): Promise<void> {
    if (!this.gzip.write(`${text}\n`)) await once(this.gzip, 'drain');
  }

  async finish(): Promise<void> {
    this.gzip.end();
    await this.done;
    await fs.promises.rename(`${this.file}.partial`, this.file);
  }

  async abandon(): Promise<void> {
    this.gzip.destroy();
    this.out.destroy();
    await fs.promises.rm(`${this.file}.partial`, { force: true });
  }
}

/** The lines of a backup file, in order. */
export async function* readLines(file: string): AsyncGenerator<string> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) if (line !== '') yield line;
}

/** `#word rest`: the directive and the rest of the line. */
export function directive(line: string): { word: string; rest: string } {
  const space = line.indexOf(' ');
  return space < 0 ? { word: line, rest: '' } : { word: line.slice(0, space), rest: line.slice(space + 1) };
}

/** `name rest` of a directive's rest: a table, sequence or path name never holds a space (checked when written). */
export function named(rest: string): { name: string; value: string } {
  const space = rest.indexOf(' ');
  return space < 0 ? { name: rest, value: '' } : { name: rest.slice(0, space), value: rest.slice(space + 1) };
}
