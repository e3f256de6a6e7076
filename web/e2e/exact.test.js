// Exact endgames: a 3-piece position shows its exact result from the crate's tables (built
// into web/tables by web/tools/build-tables.sh, which links the tables CI built), offline
// too once its material's files were loaded; the engine plays such positions perfectly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { open, root, shots } from './helpers.js';

const { Dama } = await import(join(root, 'wasm/npm/dama.js'));

function ensureTables() {
  if (existsSync(join(root, 'web/tables/KKvK.default.wdl'))) return;
  const r = spawnSync('bash', ['web/tools/build-tables.sh'], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
}

// Two kings against one under the default rules: a win in 9 plies (the crate's tablebase
// documentation gives this position and its distance).
const KKVK = new Dama('W:WKa1,Kb2:BKh8').fen();

test('a 3-piece position shows its exact result, offline too; the engine plays it perfectly', { timeout: 180_000 }, async () => {
  ensureTables();
  const { page, server, errors, close } = await open();
  try {
    await page.goto(`${server.url}/web/#fen=${encodeURIComponent(KKVK)}`);
    await page.waitForSelector('#exact[data-state="known"]', { timeout: 60_000 });
    assert.equal(await page.textContent('#exact'), 'Exact: White wins in 9 plies.');
    // The engine's move in this position is one the tables call best, and it keeps the win
    // one ply nearer.
    const played = await page.evaluate(async () => {
      const ctx = window.dama.ctx;
      const game = ctx.screens.play.game;
      const result = await ctx.player.request({ type: 'play', startFen: game.startFen(), rules: game.rules(), moves: game.history(), level: 'beginner', timeMs: 300, seed: 1 });
      return { move: result.move.text, exact: result.exact };
    });
    assert.equal(played.exact.result, 'win');
    assert.equal(played.exact.plies, 9);
    await page.click(`.square[data-square="${played.move.slice(0, 2)}"]`);
    await page.click(`.square[data-square="${played.move.slice(3, 5)}"]`);
    await page.waitForFunction(() => window.dama.ctx.animating === 0);
    await page.waitForSelector('#exact[data-state="known"]', { timeout: 30_000 });
    assert.equal(await page.textContent('#exact'), 'Exact: White wins in 8 plies.');
    await shots(page, '22-exact');

    // Offline: the server stopped; the page reloads from the service worker, and another
    // position of the same material is answered from the kept files.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await server.close();
    await page.reload();
    await page.waitForFunction(() => window.dama !== undefined);
    await page.waitForSelector('#exact[data-state="known"]', { timeout: 30_000 });
    assert.equal(await page.textContent('#exact'), 'Exact: White wins in 8 plies.');
    const other = new Dama('B:WKc3,Kd4:BKh8').fen();
    await page.evaluate((fen) => {
      location.hash = `fen=${encodeURIComponent(fen)}`;
    }, other);
    await page.waitForFunction((fen) => window.dama.ctx.screens.play.game.fen() === fen, other);
    await page.waitForSelector('#exact[data-state="known"]', { timeout: 30_000 });
    assert.match(await page.textContent('#exact'), /^Exact: White wins in \d+ plies\.$/);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
