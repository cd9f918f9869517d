/** Files arrive as base64 with a mime type and a file name (spec 2, "Documents") and are downloaded. */
import type { Base64File } from './contract';
import { unwrap } from '../lib/normalize';
import { get } from './http';

/** A base64 document as the API answers it, read leniently (`b64` is another spelling of `file`). */
export type FilePayload = Partial<Base64File> & { b64?: string };

export function downloadFile(p: FilePayload): void {
  const b64 = p.file ?? p.b64;
  if (!b64) throw new Error('The file is empty');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: p.mime_type || 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = p.filename || 'document.pdf';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadOrderPdf(orderId: string): Promise<void> {
  downloadFile(unwrap<FilePayload>(await get(`/api/orders/${orderId}/get_pdf/`)));
}
