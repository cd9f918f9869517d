/// <reference types="pdfkit" />
/** What every generated PDF (receipts, invoices, the watching list) shares. */
import type { z } from 'zod';
import type { base64FileAnswer } from '../http/answers';
import { onDemand } from '../on-demand';

/** The document's bytes once it is ended: call before drawing, await after `doc.end()`. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** pdfkit (with fontkit and its tables), loaded by the first document. */
const loadPdfKit = onDemand<new (options: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument>('pdfkit');

/** A new pdfkit document. */
export function newPdf(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const PDFDocument = loadPdfKit();
  return new PDFDocument(options);
}

export type PdfFileAnswer = z.infer<typeof base64FileAnswer>;

/** A PDF answered inside JSON (infra/http/answers.ts, base64FileAnswer): `{file (base64), filename, mime_type}`. */
export function pdfFile(bytes: Buffer, filename: string): PdfFileAnswer {
  return { file: bytes.toString('base64'), filename, mime_type: 'application/pdf' };
}
