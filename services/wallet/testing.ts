/** Helpers for the wallet tests (not a test file itself). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../testing/harness';

interface Caller { access: string }

export async function call(
  t: TestApp, method: 'GET' | 'POST', url: string, payload?: unknown, options: { user?: Caller | null; key?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.user) headers.authorization = `Bearer ${options.user.access}`;
  if (options.key) headers['idempotency-key'] = options.key;
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The text of a base64 PDF, through poppler's pdftotext (as a person copying it out would read it). */
export function pdfText(base64: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-receipt-'));
  try {
    const file = path.join(dir, 'receipt.pdf');
    fs.writeFileSync(file, Buffer.from(base64, 'base64'));
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
