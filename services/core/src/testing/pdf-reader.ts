/**
 * Reads a PDF back for tests (invoices, reports): its pages' text and filled rectangles, with
 * pdfjs-dist 4, which is ESM only, so it runs as a child process (read-pdf.mjs). One reader for the
 * core's, the BFFs' and the end-to-end tests.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface PdfRect {
  x: number;
  y: number;
  width: number;
  height: number;
  /** '#rrggbb' */
  color: string;
}

export interface PdfPage {
  text: string;
  rects: PdfRect[];
}

export function readPdfPages(pdf: Buffer): PdfPage[] {
  const result = spawnSync(process.execPath, [join(__dirname, 'read-pdf.mjs')], {
    input: pdf,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return (JSON.parse(result.stdout.toString()) as { pages: PdfPage[] }).pages;
}

/** The number of pages and the whole text, pages joined, runs of white space made one space. */
export function pdfText(pdf: Buffer): { pages: number; text: string } {
  const pages = readPdfPages(pdf);
  return {
    pages: pages.length,
    text: pages
      .map((page) => page.text)
      .join(' ')
      .replace(/\s+/g, ' '),
  };
}
