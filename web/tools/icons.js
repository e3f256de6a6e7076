// Draws the PNG icons of the manifest from icon.svg in Debian's Chromium (playwright-core
// from wasm/npm): 192 and 512 pixels, 180 for Apple's home screen, and a 512-pixel
// maskable one whose picture keeps to the middle 80 % (the safe zone platforms crop to).
//   node web/tools/icons.js        (after npm ci in wasm/npm)
import { createRequire } from 'node:module';
import { readFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromiumOptions } from '../e2e/chromium.js';

const web = fileURLToPath(new URL('../', import.meta.url));
const require = createRequire(join(web, '../wasm/npm/package.json'));
const { chromium } = require('playwright-core');

const svg = readFileSync(join(web, 'icon.svg'), 'utf8');
const data = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const out = join(web, 'icons');
mkdirSync(out, { recursive: true });

const profile = mkdtempSync(join(tmpdir(), 'dama-icons-'));
const browser = await chromium.launch(chromiumOptions());
try {
  const page = await browser.newPage();
  for (const [name, size, inset, background] of [
    ['icon-192.png', 192, 0, 'transparent'],
    ['icon-512.png', 512, 0, 'transparent'],
    ['apple-touch-icon.png', 180, 0, '#5a3d2b'],
    ['icon-maskable-512.png', 512, 0.1, '#5a3d2b'],
  ]) {
    await page.setViewportSize({ width: size, height: size });
    const pad = Math.round(size * inset);
    await page.setContent(
      `<html><body style="margin:0;background:${background}"><img src="${data}" style="display:block;margin:${pad}px;width:${size - 2 * pad}px;height:${size - 2 * pad}px"></body></html>`,
    );
    await page.screenshot({ path: join(out, name), omitBackground: background === 'transparent' });
    console.log(`${name}: ${size} px`);
  }
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
