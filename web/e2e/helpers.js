// Shared by the page's browser tests: Debian's Chromium through playwright-core (never a
// downloaded browser), the static server, screenshots at three sizes, waiting for the page.
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.js';
import { chromiumOptions } from './chromium.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(join(root, 'wasm/npm/package.json'));
const { chromium } = require('playwright-core');

export const SCREENS = join(root, 'target/web-screens');
export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };
const PHONE_WIDTH = PHONE.width;
export const LANDSCAPE = { width: 844, height: 390 };

/**
 * A fresh browser profile and server for one test: `{ server, context, page, errors, close }`.
 * `locale` sets the browser's languages; long tasks are recorded in `window.__longTasks`;
 * `serviceWorkers: 'block'` keeps the page's service worker off (so that the test's routes
 * see every request).
 */
export async function open({ locale = 'en-US', viewport = DESKTOP, serviceWorkers = 'allow' } = {}) {
  const server = await serve();
  const profile = mkdtempSync(join(tmpdir(), 'dama-chromium-'));
  const options = chromiumOptions({ acceptDownloads: true, viewport, locale, serviceWorkers });
  options.args.push(`--lang=${locale}`);
  const context = await chromium.launchPersistentContext(profile, options);
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    server,
    context,
    page,
    errors,
    profile,
    async close() {
      await context.close();
      await server.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Screenshots of the page as it is, at desktop, phone and phone-on-its-side sizes. */
export async function shots(page, name, { desktopOnly = false } = {}) {
  mkdirSync(SCREENS, { recursive: true });
  const size = page.viewportSize();
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(120);
  await page.screenshot({ path: join(SCREENS, `${name}-desktop.png`) });
  if (!desktopOnly) {
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(120);
    await page.screenshot({ path: join(SCREENS, `${name}-phone.png`), fullPage: true });
    // Nothing wider than a 390-pixel phone: every control within reach without scrolling sideways.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > PHONE_WIDTH) throw new Error(`${name}: the page is ${wide} px wide on a ${PHONE_WIDTH} px phone`);
    await page.setViewportSize(LANDSCAPE);
    await page.waitForTimeout(120);
    await page.screenshot({ path: join(SCREENS, `${name}-landscape.png`) });
  }
  await page.setViewportSize(size);
  await page.waitForTimeout(60);
}

/** Waits until the page is idle: no slide, the computer not thinking. */
export async function settle(page) {
  await page.waitForFunction(() => window.dama && window.dama.ctx.animating === 0 && !window.dama.ctx.screens.play.thinking);
}

/** The page's play screen as data. */
export async function playState(page) {
  return page.evaluate(() => {
    const p = window.dama.ctx.screens.play;
    return { fen: p.game.fen(), rules: p.game.rules(), history: p.game.history(), over: p.isOver(), outcome: p.outcome(), turn: p.game.turn() };
  });
}

/** The squares marked as landings. */
export async function dests(page) {
  return page.$$eval('.square.dest', (els) => els.map((e) => e.dataset.square).sort());
}

/** Starts a game from the new-game dialog with these choices. */
export async function newGame(page, { opponent = 'computer', level = 'beginner', human = 'white', rules = 'default', time = 'none' } = {}) {
  // The page opens the dialog itself on a first visit, once the package has loaded.
  await page.waitForFunction(() => window.dama !== undefined);
  if (!(await page.$('#new-game[open]'))) await page.click('#new');
  await page.waitForSelector('#new-game[open]');
  await page.check(`input[name="opponent"][value="${opponent}"]`);
  if (opponent === 'computer') {
    await page.selectOption('select[name="level"]', level);
    await page.selectOption('select[name="human"]', human);
  }
  await page.check(`input[name="rules"][value="${rules}"]`);
  await page.selectOption('select[name="time"]', time);
  await page.click('#start');
  await settle(page);
}

/** Clicks the squares of a move's path. */
export async function clickPath(page, path) {
  for (const sq of path) await page.click(`.square[data-square="${sq}"]`);
}
