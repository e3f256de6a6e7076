// The page as a person plays it, in Debian's Chromium driven by playwright-core: a whole
// game against the beginner level by clicks (the landings checked against the package at
// each step), the result banner, the saved PDN (players named) read back by the Rust `pdn`
// example, a reload, PDN files good and bad, a bad link, a capture of two pieces entered
// landing by landing, a typed move, the first visit's weight, no main-thread task over 50 ms
// while the engine thinks (but for a rare one on a busy machine), and a reload offline.
//
// Run from wasm/npm (its node_modules has playwright-core) after wasm/build.sh:
//   node --test ../../web/e2e/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { open, shots, settle, playState, dests, newGame, root, SCREENS } from './helpers.js';

const { Dama, readPdn } = await import(join(root, 'wasm/npm/dama.js'));

test('a whole game against the beginner level, saved, reopened, offline', { timeout: 600_000 }, async () => {
  const { page, server, errors, profile, close } = await open();
  try {
    await page.goto(`${server.url}/web/`);
    await page.waitForSelector('dialog[open]');
    await shots(page, '01-new-game');
    await newGame(page, { level: 'beginner' });

    let seed = 12345;
    const random = (n) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    await page.evaluate(() => (window.__longTasks = []));
    let humanMoves = 0;
    let statusAfterMove = null;
    while (humanMoves < 300) {
      await page.waitForFunction(() => {
        const p = window.dama.ctx.screens.play;
        return window.dama.ctx.animating === 0 && (p.isOver() || (p.game.turn() === 'w' && !p.thinking));
      });
      const info = await playState(page);
      if (info.over) break;
      const game = new Dama(info.fen, { rules: info.rules });
      const moves = game.moves({ verbose: true });
      const longest = Math.max(...moves.map((m) => m.path.length));
      const pool = moves[0].captured.length > 0 ? moves.filter((m) => m.path.length === longest) : moves;
      const m = pool[random(pool.length)];
      await page.click(`.square[data-square="${m.path[0]}"]`);
      for (let i = 1; i < m.path.length; i++) {
        assert.deepEqual(await dests(page), game.nextSteps(m.path.slice(0, i)).sort());
        await page.click(`.square[data-square="${m.path[i]}"]`);
      }
      humanMoves++;
      if (humanMoves === 1) {
        // The status says at once that the computer is to move, not "White to move".
        statusAfterMove = await page.textContent('#status');
      }
      if (humanMoves === 6) {
        await settle(page);
        await shots(page, '02-playing');
        await page.evaluate(() => (window.__longTasks = []));
      }
    }
    await settle(page);
    assert.match(statusAfterMove, /computer is thinking|Black to move/i);
    const end = await playState(page);
    assert.ok(end.over, 'the game ended');
    const longTasks = await page.evaluate(() => window.__longTasks);
    // The banner says who won, and the move list ends with the result.
    await page.waitForSelector('#banner:not([hidden])');
    const title = await page.textContent('#banner-title');
    const result = end.outcome.winner === 'white' ? '2-0' : end.outcome.winner === 'black' ? '0-2' : '1-1';
    assert.equal(title, end.outcome.winner === 'white' ? 'You won!' : end.outcome.winner === 'black' ? 'You lost.' : 'Draw.');
    assert.equal(await page.textContent('#moves li.result'), result);
    await shots(page, '03-game-over');

    // The saved PDN names the players and is read back by the package and the Rust example.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
    const saved = join(profile, 'saved.pdn');
    await download.saveAs(saved);
    const text = readFileSync(saved, 'utf8');
    assert.match(text, /\[White "You"\]/);
    assert.match(text, /\[Black "Dama engine, Beginner"\]/);
    const [item] = [...readPdn(text)];
    assert.deepEqual(item.game.history(), end.history);
    const rust = spawnSync('cargo', ['run', '--release', '--quiet', '--example', 'pdn', '--', saved], { cwd: root, encoding: 'utf8' });
    assert.equal(rust.status, 0, rust.stdout + rust.stderr);
    assert.match(rust.stdout, new RegExp(`games: 1, plies: ${end.history.length}, errors: 0`));

    // Reload: the game is still there.
    await page.reload();
    await page.waitForFunction(() => window.dama !== undefined);
    assert.deepEqual((await playState(page)).history, end.history);

    // Open PDN is a button the keyboard reaches.
    await page.focus('#open-button');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'open-button');

    // A PDN with an illegal move, and a file that is not PDN: a message, the game kept.
    await page.setInputFiles('#open', {
      name: 'illegal.pdn',
      mimeType: 'text/plain',
      buffer: Buffer.from('[Event "x"]\n[Result "*"]\n1. c3-c4 f6-f5\n2. c4-c7 *\n'),
    });
    await page.waitForFunction(() => /illegal\.pdn has an error at line 4, column 4/.test(document.querySelector('#message').textContent));
    assert.deepEqual((await playState(page)).history, end.history);
    await shots(page, '04-pdn-error', { desktopOnly: true });
    await page.setInputFiles('#open', {
      name: 'picture.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
    });
    await page.waitForFunction(() => /picture\.png is not a PDN file/.test(document.querySelector('#message').textContent));

    // A good PDN file: stepped through.
    await page.setInputFiles('#open', { name: 'saved.pdn', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.waitForFunction(() => window.dama.ctx.screens.play.viewPly === 0);
    await page.click('#next');
    await page.click('#next');
    await settle(page);
    assert.equal(await page.evaluate(() => window.dama.ctx.screens.play.viewPly), 2);

    // A broken FEN in the link: a message, the game kept.
    const before = (await playState(page)).history;
    await page.goto(`${server.url}/web/#fen=W:Wz9:B`);
    await page.waitForFunction(() => /position in the link could not be read/.test(document.querySelector('#message').textContent));
    assert.deepEqual((await playState(page)).history, before);

    // A link opens its position (the board not turned, whatever it was before); a capture
    // of two pieces entered step by step: the man on c4 takes c5 and the king on d6 (worked
    // out by hand: the only legal move).
    await page.evaluate(() => {
      window.dama.ctx.flipped = true;
      window.dama.render();
    });
    const multi = new Dama('W:Wc4,a2:Bc5,Kd6,b4,h7').fen();
    await page.goto(`${server.url}/web/#fen=${encodeURIComponent(multi)}`);
    await page.waitForFunction((fen) => window.dama.ctx.screens.play.game.fen() === fen, multi);
    assert.equal(await page.evaluate(() => window.dama.ctx.board.flipped), false);
    await page.click('.square[data-square="c4"]');
    assert.deepEqual(await dests(page), ['c6']);
    await page.click('.square[data-square="c6"]');
    assert.deepEqual(await dests(page), ['e6']);
    await shots(page, '05-multi-capture', { desktopOnly: true });
    await page.click('.square[data-square="e6"]');
    await settle(page);
    assert.deepEqual((await playState(page)).history, ['c4xc6xe6']);
    // The last move is marked along its whole path.
    assert.deepEqual(await page.$$eval('.square.last', (els) => els.map((e) => e.dataset.square).sort()), ['c4', 'c6', 'e6']);
    // Typed moves, upper case too.
    await page.fill('#move-text', 'H7-H6');
    await page.press('#move-text', 'Enter');
    await settle(page);
    assert.deepEqual((await playState(page)).history, ['c4xc6xe6', 'h7-h6']);
    assert.match(await page.evaluate(() => document.querySelector('#announce').textContent + document.querySelector('#announce-2').textContent), /h7-h6/);
    await page.fill('#move-text', 'a2-a5');
    await page.press('#move-text', 'Enter');
    assert.match(await page.textContent('#message'), /a2-a5 cannot be played/);

    // The first visit: everything the page loaded before any table, gzipped, under 400 KB.
    let total = 0;
    const files = [];
    for (const [path, body] of server.bytes) {
      if (path.includes('/tables/')) continue;
      const gz = gzipSync(body, { level: 9 }).length;
      total += gz;
      files.push(`${path} ${body.length} ${gz}`);
    }
    assert.ok(total < 400 * 1024, `${total} bytes gzipped`);
    mkdirSync(SCREENS, { recursive: true });
    writeFileSync(
      join(SCREENS, 'weights.txt'),
      `first visit, before the tables, gzipped: ${total} bytes\n${files.join('\n')}\nlong tasks while playing (ms): ${JSON.stringify(longTasks)} in ${humanMoves} moves, load average ${loadavg()[0].toFixed(1)}\n`,
    );

    // Offline: the server stopped, the page reloads from the service worker's cache.
    await page.evaluate(() => navigator.serviceWorker.ready);
    const historyNow = (await playState(page)).history;
    await server.close();
    await page.reload();
    await page.waitForFunction(() => window.dama !== undefined);
    assert.equal(await page.$$eval('.square', (els) => els.length), 64);
    assert.deepEqual((await playState(page)).history, historyNow);

    assert.deepEqual(errors, []);
    // The engine thinks in a Web Worker: were it on the main thread, every engine move would
    // be a task of its whole thinking time. The page's own work for a move (drawing, the
    // slide) takes a few milliseconds, but a busy machine (two cores shared with builds)
    // stretches some past 50 ms, so a few are let through: one for each fifth of the moves,
    // each second move when the load is over twice the cores. The test below checks the
    // time the engine thinks alone, strictly.
    const busy = loadavg()[0] > 2 * availableParallelism();
    const allowed = Math.max(3, Math.floor(humanMoves / (busy ? 2 : 5)));
    assert.ok(
      longTasks.length <= allowed,
      `main-thread tasks over 50 ms while playing: ${longTasks.length} (at most ${allowed} in ${humanMoves} engine moves): ${longTasks.join(', ')}`,
    );
  } finally {
    await close();
  }
});

test('the main thread stays free while the engine thinks', { timeout: 120_000 }, async () => {
  const { page, server, errors, close } = await open();
  try {
    await page.goto(`${server.url}/web/`);
    await newGame(page, { level: 'hard' });
    await page.click('.square[data-square="c3"]');
    await page.click('.square[data-square="c4"]');
    // Once the move has slid, the computer thinks (1.5 s at this level) in its worker.
    await page.waitForFunction(() => window.dama.ctx.animating === 0 && window.dama.ctx.screens.play.thinking);
    await page.evaluate(() => (window.__longTasks = []));
    const started = Date.now();
    await page.waitForFunction(() => !window.dama.ctx.screens.play.thinking, null, { timeout: 30_000 });
    const thought = Date.now() - started;
    const longTasks = await page.evaluate(() => window.__longTasks);
    assert.ok(thought > 500, `the engine thought ${thought} ms`);
    assert.deepEqual(longTasks, [], `main-thread tasks over 50 ms while the engine thought for ${thought} ms`);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
