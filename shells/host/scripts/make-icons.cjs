// Writes the app icons of public/icons from the Turno mark (the clock of src/layout/Logo.tsx).
// Run once after changing the mark: `node scripts/make-icons.cjs` (the PNGs are committed).
const sharp = require('sharp');
const { join } = require('node:path');

const TEAL = '#0f766e';
// The mark drawn on a 32-unit grid; `inset` shrinks it for the maskable icon's safe zone (80 %).
const mark = (inset) => `
  <g transform="translate(${16 - 16 * inset} ${16 - 16 * inset}) scale(${inset})">
    <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="2.6"/>
    <path d="M16 10.5V16l3.8 2.6" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="24.5" cy="7.5" r="3.2" fill="#fbbf24" stroke="${TEAL}" stroke-width="1.6"/>
  </g>`;
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${TEAL}"/>${mark(1)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${TEAL}"/>${mark(0.72)}</svg>`;

async function main() {
  const out = join(__dirname, '../public/icons');
  for (const size of [192, 512]) {
    await sharp(Buffer.from(any))
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(join(out, `icon-${size}.png`));
    await sharp(Buffer.from(maskable))
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(join(out, `icon-maskable-${size}.png`));
  }
  await sharp(Buffer.from(any))
    .resize(180, 180)
    .flatten({ background: TEAL })
    .png()
    .toFile(join(out, 'apple-touch-icon.png'));
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
