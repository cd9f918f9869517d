/**
 * Uploaded files under the data folder (`DATA_DIR/uploads/<area>/<generated name>`). A request writes only temp files
 * (`uploads/tmp/`) while it checks them; they are moved into place after the events naming them are committed, and
 * removed on any failure, so a refused upload leaves nothing behind. The visitor's file name is never used on disk.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;
const SAFE_AREA = /^[a-z][a-z0-9-]{0,40}$/;

export interface Move { from: string; area: string; name: string }

export class UploadStore {
  constructor(readonly root: string) {}

  /** A fresh temp path (the folder is made on first use). */
  async tempPath(suffix = ''): Promise<string> {
    const dir = path.join(this.root, 'tmp');
    await fs.mkdir(dir, { recursive: true });
    return path.join(dir, `${randomUUID()}${suffix}.part`);
  }

  /** Where a kept file lives; throws on a name that could leave its folder. */
  pathOf(area: string, name: string): string {
    if (!SAFE_AREA.test(area) || !SAFE_NAME.test(name)) throw new Error(`unsafe upload path ${area}/${name}`);
    return path.join(this.root, area, name);
  }

  /** Moves checked temp files into place (same file system: a rename each). */
  async commit(moves: Move[]): Promise<void> {
    const areas = new Set(moves.map((m) => m.area));
    for (const area of areas) await fs.mkdir(path.join(this.root, area), { recursive: true });
    for (const m of moves) await fs.rename(m.from, this.pathOf(m.area, m.name));
  }

  /** Removes files, ignoring those already gone. */
  async discard(paths: string[]): Promise<void> {
    await Promise.all(paths.map((p) => fs.rm(p, { force: true })));
  }

  /** Temp files left by a crash mid-request, older than `olderThanMs`: removed at start-up. */
  async sweepTemp(olderThanMs: number, now = Date.now()): Promise<number> {
    const dir = path.join(this.root, 'tmp');
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const full = path.join(dir, name);
      const stat = await fs.stat(full).catch(() => null);
      if (stat && now - stat.mtimeMs > olderThanMs) {
        await fs.rm(full, { force: true });
        removed++;
      }
    }
    return removed;
  }
}

export const uploadStore = (dataDir: string) => new UploadStore(path.join(dataDir, 'uploads'));
