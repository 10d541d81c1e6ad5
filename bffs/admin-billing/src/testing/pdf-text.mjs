// Test helper: prints the text of the PDF read from stdin, page after page (pdfjs-dist 4, ESM only,
// so the Jest tests run it as a child process).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdfjs writes its notices with console.log: keep stdout for the answer.
console.log = (...args) => console.error(...args);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({
  data: new Uint8Array(Buffer.concat(chunks)),
  disableFontFace: true,
  verbosity: 0,
}).promise;
const pages = [];
for (let number = 1; number <= pdf.numPages; number++) {
  const content = await (await pdf.getPage(number)).getTextContent();
  pages.push(content.items.map((item) => item.str).join(' '));
}
process.stdout.write(JSON.stringify({ pages: pdf.numPages, text: pages.join('\n') }));
