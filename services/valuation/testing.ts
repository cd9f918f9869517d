/** Helpers for the valuation API tests (not a test file itself): real multipart bodies and small real images. */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../testing/harness';

export const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 40 } } }).png().toBuffer();
export const jpeg = (width = 50, height = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 60, b: 140 } } }).jpeg().toBuffer();

export interface Part { name: string; value: string | { data: Buffer; filename: string; type?: string } }

/** A multipart body as a browser sends it (FormData serialised by the platform's Request). */
export async function multipart(parts: Part[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const p of parts) {
    if (typeof p.value === 'string') form.append(p.name, p.value);
    else form.append(p.name, new Blob([new Uint8Array(p.value.data)], { type: p.value.type ?? 'application/octet-stream' }), p.value.filename);
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

/** Objects as parts: `objects[N][title]` and `objects[N][imageK]` (K from 1). */
export function objectParts(objects: { title: string; images: { data: Buffer; filename: string; type?: string }[] }[]): Part[] {
  return objects.flatMap((o, n) => [
    { name: `objects[${n}][title]`, value: o.title },
    ...o.images.map((img, k) => ({ name: `objects[${n}][image${k + 1}]`, value: img })),
  ]);
}

export async function postValuation(t: TestApp, user: { access: string } | null, parts: Part[]): Promise<LightMyRequestResponse> {
  const body = await multipart(parts);
  return t.app.inject({
    method: 'POST', url: '/api/valuation_requests/', payload: body.payload,
    headers: { ...body.headers, ...(user ? { authorization: `Bearer ${user.access}` } : {}) },
  });
}

/** Every file under the uploads folder (kept and temp). */
export function uploadedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

export async function valuationEventCount(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'valuation-%'`.execute(t.ctx.db);
  return rows[0].n;
}
