/// <reference types="pdfkit" />
/** What every generated PDF (receipts, invoices, the watching list) shares. */
import { createRequire } from 'node:module';
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

/**
 * A new pdfkit document. pdfkit (with fontkit and its tables) is loaded by the first document, not at start: it is
 * about a fifth of a second of a process's start-up, and most processes (a live node, a test app, an API node
 * restarted at the close) draw no PDF before they serve.
 */
export function newPdf(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const PDFDocument = createRequire(import.meta.url)('pdfkit') as new (options: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;
  return new PDFDocument(options);
}

export type PdfFileAnswer = z.infer<typeof base64FileAnswer>;

/** A PDF answered inside JSON (infra/http/answers.ts, base64FileAnswer): `{file (base64), filename, mime_type}`. */
export function pdfFile(bytes: Buffer, filename: string): PdfFileAnswer {
  return { file: bytes.toString('base64'), filename, mime_type: 'application/pdf' };
}
