/**
 * A SQL trap found twice (2026-11-29): `SELECT position::text ... ORDER BY position` sorts by the output column, the
 * cast text, not by the table's number, because a bare name in ORDER BY means an output column first (PostgreSQL
 * docs, "Sorting Rows"). "99991" then sorts after "104383": a settle returned before the newest events were applied,
 * and the audit's paid-order pages checked orders twice or skipped some. Every sql`` template in the project's sources
 * is read, and one that selects a column cast without an alias and orders by that bare name is named here; the fix
 * is `ORDER BY events.position` (the table's column) or an alias of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findFiles } from '../../scripts/test/files';

const ROOT = process.cwd();
/** Sources hold the event columns as one constant: its casts count wherever it is used. */
const EVENT_COLUMNS = `$\{EVENT_COLUMNS}`;
const EXPANSIONS: Record<string, string> = { [EVENT_COLUMNS]: 'position, transaction_id::text, stream_id, stream_version, event_id::text' };

/** `name` orders the rows of `query` as its cast output column: a cast without an alias, then ORDER BY the bare name. */
function castOrderings(query: string): string[] {
  let text = query;
  for (const [from, to] of Object.entries(EXPANSIONS)) text = text.split(from).join(to);
  const selectList = /\bSELECT\s+([\s\S]*?)\bFROM\b/gi;
  const cast = /(?:\b\w+\.)?\b(\w+)::\w+(?![\w(])(?!\s+AS\b)/gi;
  const casts = new Set<string>();
  for (const [, list] of text.matchAll(selectList)) for (const [, name] of list.matchAll(cast)) casts.add(name.toLowerCase());
  const found: string[] = [];
  for (const [, keys] of text.matchAll(/\bORDER\s+BY\s+([^;)]*)/gi)) {
    for (const key of keys.split(',')) {
      const bare = /^\s*(\w+)(?:\s+(?:ASC|DESC))?\s*(?:LIMIT\b[\s\S]*)?$/i.exec(key)?.[1]?.toLowerCase();
      if (bare && casts.has(bare)) found.push(bare);
    }
  }
  return found;
}

test('no query orders by a column it selects as a cast (the cast text would set the order)', () => {
  const files = findFiles(ROOT, (name) => /\.tsx?$/.test(name));
  assert.ok(files.length > 300, `the sources are read (${files.length} files)`);
  const found: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const match of text.matchAll(/\bsql(?:<[^`]*?>)?`([^`]*)`/g)) {
      for (const name of castOrderings(match[1])) found.push(`${file}:${text.slice(0, match.index).split('\n').length} orders by ${name}`);
    }
  }
  assert.equal(found, []);
});

test('the check sees the two queries it was written for, and passes their fixes and other orderings', () => {
  assert.equal(castOrderings('SELECT transaction_id::text, position FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1'), ['transaction_id']);
  assert.equal(castOrderings('SELECT position::text, data FROM events WHERE type = $1 AND position > $2 ORDER BY position LIMIT $3'), ['position']);
  assert.equal(castOrderings(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 ORDER BY transaction_id`), ['transaction_id']);
  assert.equal(castOrderings('SELECT transaction_id::text, position FROM events ORDER BY events.transaction_id DESC, events.position DESC LIMIT 1'), []);
  assert.equal(castOrderings('SELECT cause_transaction_id::text AS t FROM notifications ORDER BY cause_transaction_id DESC'), []);
  assert.equal(castOrderings(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`), []);
  assert.equal(castOrderings('SELECT id FROM x WHERE at > $1::timestamptz ORDER BY at'), []);
});

test.run();
