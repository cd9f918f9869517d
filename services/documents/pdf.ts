/** What every generated PDF (receipts, invoices, the watching list) shares. */
import { z } from 'zod';

/** The document's bytes once it is ended: call before drawing, await after `doc.end()`. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** A document answered inside JSON: `{file (base64 PDF), filename, mime_type: 'application/pdf'}`. */
export const pdfFileAnswer = z.object({
  file: z.string().meta({ description: 'The PDF, base64.', contentEncoding: 'base64', contentMediaType: 'application/pdf' }),
  filename: z.string(),
  mime_type: z.literal('application/pdf'),
});

export type PdfFileAnswer = z.infer<typeof pdfFileAnswer>;

/** The answer carrying `bytes` under the name `filename`. */
export function pdfFile(bytes: Buffer, filename: string): PdfFileAnswer {
  return { file: bytes.toString('base64'), filename, mime_type: 'application/pdf' };
}
