/**
 * A CPU profile's frames put back at their source: the server runs from a bundle (dist/server/*.mjs, scripts/
 * server-build.ts), so a frame names a line of `main.mjs`; the bundle's source map (written beside it) gives the
 * source file and line, and profile-summary.ts can again sort the samples by our folders and files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMap } from 'node:module';

/** The part of a V8 CPU profile's call frame this reads (lines and columns 0-based, as V8 writes them). */
export interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber?: number }

const maps = new Map<string, SourceMap | null>();

function sourceMapOf(bundle: string): SourceMap | null {
  if (!maps.has(bundle)) {
    const mapFile = `${bundle}.map`;
    maps.set(bundle, fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null);
  }
  return maps.get(bundle) ?? null;
}

/** Rewrites a frame in a bundle that has a source map to its source file (absolute path) and line; others stay. */
export function toSource(frame: CallFrame): void {
  const bundle = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  if (!bundle.endsWith('.mjs')) return;
  const entry = sourceMapOf(bundle)?.findEntry(frame.lineNumber, frame.columnNumber ?? 0);
  if (!entry || !('originalSource' in entry)) return;
  frame.url = path.resolve(path.dirname(bundle), entry.originalSource);
  frame.lineNumber = entry.originalLine;
}
