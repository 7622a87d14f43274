// Writes public/favicon.ico from public/logo.svg (16, 32 and 48 px PNG images in one ICO), drawn by
// Debian's Chromium. Run after changing the logo: node apps/web/scripts/make-favicon.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const publicDir = new URL('../public/', import.meta.url);
const svg = readFileSync(new URL('logo.svg', publicDir), 'utf8');
const SIZES = [16, 32, 48];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const images = [];
try {
  const page = await browser.newPage();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    images.push(await page.locator('svg').screenshot({ omitBackground: true }));
  }
} finally {
  await browser.close();
}

// ICO: a 6-byte header, a 16-byte entry per image, then the PNG data (PNG entries: Windows Vista+, every
// browser).
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = 6 + 16 * images.length;
const entries = images.map((png, index) => {
  const entry = Buffer.alloc(16);
  const size = SIZES[index];
  entry.writeUInt8(size % 256, 0);
  entry.writeUInt8(size % 256, 1);
  entry.writeUInt8(0, 2);
  entry.writeUInt8(0, 3);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += png.length;
  return entry;
});
writeFileSync(new URL('favicon.ico', publicDir), Buffer.concat([header, ...entries, ...images]));
console.log(`favicon.ico: ${SIZES.join(', ')} px, ${offset} bytes`);
