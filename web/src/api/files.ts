/** Files arrive as base64 with a mime type and a file name (spec 2, "Documents") and are downloaded. */
import type { Base64File } from './contract';
import { get } from './http';

/** Saves a document the API answered as JSON (every file route answers `Base64File` bare: no wrapping, one spelling). */
export function downloadFile(p: Base64File): void {
  if (!p.file) throw new Error('The file is empty');
  const bytes = Uint8Array.from(atob(p.file), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: p.mime_type || 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = p.filename || 'document.pdf';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GETs a file route (its answer is `Base64File`) and saves the document. */
export const downloadFrom = async (path: string): Promise<void> => downloadFile(await get<Base64File>(path));

export const downloadOrderPdf = (orderId: string) => downloadFrom(`/api/orders/${orderId}/get_pdf/`);
