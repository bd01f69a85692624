/**
 * Draws the installable app's PNG icons from the favicon's design (the bolt on teal) with Chromium,
 * into src-client/public/icons/. Run once after changing the logo: `node scripts/make-icons.mjs`.
 * The PNGs are committed; nothing builds them at install time.
 */
import { chromium } from 'playwright-core';

const OUT = new URL('../src-client/public/icons/', import.meta.url).pathname;
const BOLT = 'M18.5 4 8 18h7l-1.5 10L24 14h-7z';
const TEAL = '#0e7490';

/** `rounded`: the favicon's own corners; full-bleed icons leave the shape to the platform; `inset` keeps the bolt in the maskable safe zone. */
const svg = ({ rounded = true, bleed = true, inset = 1, glyph = '#fff' }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">` +
  (bleed ? `<rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${TEAL}"/>` : '') +
  `<g transform="translate(16 16) scale(${inset}) translate(-16 -16)"><path d="${BOLT}" fill="${glyph}"/></g></svg>`;

const icons = [
  ['icon-192.png', 192, svg({})],
  ['icon-512.png', 512, svg({})],
  ['maskable-512.png', 512, svg({ rounded: false, inset: 0.7 })],
  ['apple-touch-icon.png', 180, svg({ rounded: false, inset: 0.8 })],
  // The Android status bar shows only the alpha channel: a white bolt on nothing.
  ['badge-96.png', 96, svg({ bleed: false, inset: 1.15 })],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [file, size, markup] of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${markup}</body></html>`);
  await page.screenshot({ path: OUT + file, omitBackground: true });
  await page.close();
}
await browser.close();
console.log(`${icons.length} icons in ${OUT}`);
