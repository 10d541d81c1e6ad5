// Test helper (run by pdf-reader.ts): prints, as JSON, the text and the filled rectangles of each page
// of the PDF read from stdin (pdfjs-dist 4 is ESM only, so Jest and Playwright tests run it as a child
// process). A rectangle is { x, y, width, height, color: '#rrggbb' } in the content stream's own
// coordinates (pdfkit's: from the top).
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdfjs writes its notices with console.log: keep stdout for the answer.
console.log = (...args) => console.error(...args);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({
  data: new Uint8Array(Buffer.concat(chunks)),
  disableFontFace: true,
  verbosity: 0,
}).promise;
const ARITY = {
  [OPS.moveTo]: 2,
  [OPS.lineTo]: 2,
  [OPS.curveTo]: 6,
  [OPS.curveTo2]: 4,
  [OPS.curveTo3]: 4,
  [OPS.closePath]: 0,
  [OPS.rectangle]: 4,
};
/** '#rrggbb' of pdfjs's colour argument (three bytes). */
const rgbHex = (rgb) =>
  typeof rgb === 'string' ? rgb : `#${Array.from(rgb, (v) => v.toString(16).padStart(2, '0')).join('')}`;
const FILLS = new Set([OPS.fill, OPS.eoFill]);
const pages = [];
for (let number = 1; number <= pdf.numPages; number++) {
  const page = await pdf.getPage(number);
  const text = (await page.getTextContent()).items.map((item) => item.str).join(' ');
  const { fnArray, argsArray } = await page.getOperatorList();
  const rects = [];
  let color = null;
  let pending = [];
  fnArray.forEach((fn, index) => {
    const args = argsArray[index];
    if (fn === OPS.setFillRGBColor) color = rgbHex(args.length === 1 ? args[0] : args);
    else if (fn === OPS.constructPath) {
      const [ops, coords] = args;
      let at = 0;
      for (const op of ops) {
        if (op === OPS.rectangle) {
          const [x, y, width, height] = coords.slice(at, at + 4);
          pending.push({ x, y, width, height });
        }
        at += ARITY[op] ?? 0;
      }
    } else if (FILLS.has(fn)) {
      for (const rect of pending) rects.push({ ...rect, color });
      pending = [];
    } else if (fn === OPS.stroke || fn === OPS.endPath || fn === OPS.closeStroke) pending = [];
  });
  pages.push({ text, rects });
}
process.stdout.write(JSON.stringify({ pages }));
