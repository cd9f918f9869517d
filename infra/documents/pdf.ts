/** What every generated PDF (receipts, invoices, the watching list) shares. */
import type { z } from 'zod';
import type { base64FileAnswer } from '../http/answers';

/** The document's bytes once it is ended: call before drawing, await after `doc.end()`. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export type PdfFileAnswer = z.infer<typeof base64FileAnswer>;

/** A PDF answered inside JSON (infra/http/answers.ts, base64FileAnswer): `{file (base64), filename, mime_type}`. */
export function pdfFile(bytes: Buffer, filename: string): PdfFileAnswer {
  return { file: bytes.toString('base64'), filename, mime_type: 'application/pdf' };
}
