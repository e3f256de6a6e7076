// The page's features, each as a player meets it, in Debian's Chromium: the Turkish page
// (and a right-to-left catalogue that only adds a file), a clock running out, the review
// of a short game with a judged blunder and its practice, an editor position opened by
// link, the keyboard's way to the board and the marks' contrast, settings kept, hint and
// draw offer, the manifest's PNG icons. Screenshots of every screen in target/web-screens/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { open, shots, settle, playState, dests, newGame, root, DESKTOP, LANDSCAPE } from './helpers.js';

const { Dama } = await import(join(root, 'wasm/npm/dama.js'));

/** WCAG contrast of two `rgb(...)` colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test('the Turkish page, the language switch, and a right-to-left catalogue', { timeout: 180_000 }, async () => {
  const { page, server, errors, close } = await open({ locale: 'tr-TR', serviceWorkers: 'block' });
  try {
    // A right-to-left language is one more catalogue and one line in languages.json: here
    // served by the test, with two messages (the others fall back to English).
    await page.route('**/web/i18n/languages.json', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify([
          { code: 'tr', name: 'Türkçe', dir: 'ltr' },
          { code: 'en', name: 'English', dir: 'ltr' },
          { code: 'ar', name: 'العربية', dir: 'rtl' },
        ]),
      }),
    );
    await page.route('**/web/i18n/ar.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ 'nav.play': 'العب', 'play.new': 'لعبة جديدة' }) }),
    );
    await page.goto(`${server.url}/web/`);
    await page.waitForSelector('dialog[open]');
    assert.equal(await page.getAttribute('html', 'lang'), 'tr');
    assert.equal(await page.textContent('#new-game-title'), 'Yeni oyun');
    assert.equal(await page.textContent('#nav-play'), 'Oyna');
    await newGame(page, { level: 'easy' });
    assert.match(await page.textContent('#status'), /Sıra sizde \(Beyaz\)/);
    // A refused click explains itself in Turkish.
    await page.click('.square[data-square="a2"]');
    assert.match(await page.textContent('#message'), /a2 karesindeki taşın yasal hamlesi yok/);
    await shots(page, '10-turkish');

    await page.selectOption('#language', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    assert.equal(await page.textContent('#nav-play'), 'Play');
    assert.match(await page.textContent('#status'), /Your move \(White\)/);
    // The Turkish message does not stay on an English page.
    assert.equal(await page.isHidden('#message'), true);

    await page.selectOption('#language', 'ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    assert.equal(await page.textContent('#nav-play'), 'العب');
    assert.equal(await page.textContent('#hint'), 'Hint');
    // The board keeps files a to h from left to right, whole on the screen, beside the panel.
    const box = async (sel) => page.$eval(sel, (e) => e.getBoundingClientRect().toJSON());
    const a1 = await box('.square[data-square="a1"]');
    const h1 = await box('.square[data-square="h1"]');
    const board = await box('#board');
    const panel = await box('.panel');
    assert.ok(a1.x < h1.x);
    assert.ok(board.x >= 0 && board.right <= DESKTOP.width);
    assert.ok(panel.right <= board.x || panel.x >= board.right, 'the panel does not cover the board');
    await shots(page, '11-right-to-left');
    // The choice is kept.
    await page.selectOption('#language', 'tr');
    await page.reload();
    await page.waitForFunction(() => window.dama !== undefined);
    assert.equal(await page.getAttribute('html', 'lang'), 'tr');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('a clock running out ends the game', { timeout: 120_000 }, async () => {
  const { page, server, errors, close } = await open();
  try {
    await page.goto(`${server.url}/web/`);
    await newGame(page, { opponent: 'two', time: '3+2' });
    assert.match(await page.textContent('#bottom-player .clock'), /^3:00$/);
    await page.click('.square[data-square="c3"]');
    await page.click('.square[data-square="c4"]');
    await settle(page);
    // Two players on one device: the board turns to Black, a1 at the top right.
    assert.equal(await page.evaluate(() => window.dama.ctx.board.flipped), true);
    const a1 = await page.$eval('.square[data-square="a1"]', (e) => e.getBoundingClientRect().toJSON());
    const h8 = await page.$eval('.square[data-square="h8"]', (e) => e.getBoundingClientRect().toJSON());
    assert.ok(a1.x > h8.x && a1.y < h8.y, 'Black at the bottom');
    // Black's clock runs; two seconds were added to White's.
    assert.equal(await page.evaluate(() => window.dama.ctx.screens.play.clock.running), 'black');
    assert.match(await page.textContent('#bottom-player .clock, #top-player .clock'), /3:0[12]/);
    await shots(page, '12-clock', { desktopOnly: true });
    // Black has twelve seconds left: the ten-second warning, then the flag.
    await page.evaluate(() => {
      const c = window.dama.ctx.screens.play.clock;
      c.left.black = 12_000;
      c.since = performance.now();
    });
    await page.waitForFunction(() => /ten seconds left/.test(document.querySelector('#announce').textContent + document.querySelector('#announce-2').textContent), null, { timeout: 10_000 });
    await page.waitForSelector('#banner:not([hidden])', { timeout: 20_000 });
    assert.equal(await page.textContent('#banner-title'), 'White wins.');
    assert.match(await page.textContent('#banner-detail'), /Black ran out of time\. 2-0/);
    assert.equal((await playState(page)).outcome.reason, 'time');
    assert.equal(await page.textContent('#moves li.result'), '2-0');
    await shots(page, '13-time-out');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

// White (d4, d3, h2) against Black (d6, a7): d4-d5 lets d6 take d5 and d3 (d6xd4xd2), and
// the black man then crowns on d1: worked out by hand, a won game for White becomes lost.
const BLUNDER = new Dama('W:Wd4,d3,h2:Bd6,a7').fen();

test('the review of a short game judges its blunder, and the blunder is practised', { timeout: 180_000 }, async () => {
  const { page, server, errors, close } = await open();
  try {
    await page.goto(`${server.url}/web/#fen=${encodeURIComponent(BLUNDER)}`);
    await page.waitForFunction((fen) => window.dama?.ctx.screens.play.game.fen() === fen, BLUNDER);
    await page.click('.square[data-square="d4"]');
    await page.click('.square[data-square="d5"]');
    await settle(page);
    // Black must capture: the pieces that can are marked after a refused click.
    await page.click('.square[data-square="a7"]');
    assert.match(await page.textContent('#message'), /capture is compulsory/);
    assert.deepEqual(await page.$$eval('.square.capturer', (els) => els.map((e) => e.dataset.square)), ['d6']);
    await page.click('.square[data-square="d6"]');
    // A quiet square for the capturing piece: refused, and why.
    await page.click('.square[data-square="c6"]');
    assert.match(await page.textContent('#message'), /the piece on d6 must capture/);
    await page.click('.square[data-square="d4"]');
    await page.click('.square[data-square="d2"]');
    await settle(page);
    assert.deepEqual((await playState(page)).history, ['d4-d5', 'd6xd4xd2']);
    await page.click('#resign');
    await page.waitForSelector('#resign-dialog[open]');
    assert.match(await page.textContent('#resign-question'), /White/);
    await page.click('#resign-dialog button[value="yes"]');
    await page.waitForSelector('#banner:not([hidden])');
    assert.equal(await page.textContent('#banner-title'), 'Black wins.');
    await page.click('#banner-review');
    await page.waitForFunction(() => window.dama.ctx.screens.review.done, null, { timeout: 60_000 });
    const first = await page.$('#moves button[data-ply="1"]');
    assert.match(await first.getAttribute('class'), /j-blunder/);
    assert.equal(await first.$eval('.note', (e) => e.textContent), '??');
    assert.match(await first.getAttribute('aria-label'), /d4-d5, blunder/);
    await page.click('#moves button[data-ply="1"]');
    assert.match(await page.textContent('#review-detail'), /d4-d5: blunder\. The best was/);
    assert.match(await page.textContent('#accuracy-white'), /%/);
    assert.equal(await page.$$eval('#review-graph .graph-mark.j-blunder', (els) => els.length), 1);
    await shots(page, '14-review');

    await page.click('#practice-button');
    await page.waitForFunction(() => window.dama.ctx.mode === 'practice');
    assert.match(await page.textContent('#practice-prompt'), /White played d4-d5 here/);
    // The blunder again: not it.
    await page.click('.square[data-square="d4"]');
    await page.click('.square[data-square="d5"]');
    await page.waitForFunction(() => !window.dama.ctx.screens.practice.checking && window.dama.ctx.screens.practice.tried);
    assert.match(await page.textContent('#message'), /d4-d5 is not it/);
    // h2-h3 keeps the extra man: solved.
    await page.click('.square[data-square="h2"]');
    await page.click('.square[data-square="h3"]');
    await page.waitForFunction(() => window.dama.ctx.screens.practice.solved.size === 1, null, { timeout: 20_000 });
    assert.match(await page.textContent('#message'), /Well found: h2-h3/);
    await shots(page, '15-practice');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('an editor position opened by link', { timeout: 120_000 }, async () => {
  const { page, server, errors, close } = await open();
  try {
    await page.goto(`${server.url}/web/`);
    await page.waitForSelector('dialog[open]');
    await page.click('#new-game button[value="cancel"]');
    await page.click('#nav-editor');
    await page.click('#editor-clear');
    for (const [tool, sq] of [['wk', 'a1'], ['wm', 'c3'], ['bm', 'f6'], ['bk', 'h8']]) {
      await page.check(`input[name="tool"][value="${tool}"]`);
      await page.click(`.square[data-square="${sq}"]`);
    }
    // A man on the last rank is refused, with the reason.
    await page.check('input[name="tool"][value="wm"]');
    await page.click('.square[data-square="e8"]');
    assert.match(await page.textContent('#message'), /A man cannot stand on e8/);
    await page.check('input[name="turn"][value="black"]');
    await page.check('input[name="editorRules"][value="tudaf"]');
    assert.equal(await page.textContent('#editor-check'), 'A legal position.');
    await page.click('#editor-link');
    const link = await page.inputValue('#editor-link-text');
    assert.match(link, /#edit=B%3AWKa1%2Cc3%3ABf6%2CKh8&rules=tudaf$/);
    await shots(page, '16-editor');

    // Opened later, in a fresh page: the same position in the editor.
    const other = await page.context().newPage();
    await other.goto(link);
    await other.waitForFunction(() => window.dama?.ctx.mode === 'editor');
    assert.equal(await other.evaluate(() => window.dama.ctx.screens.editor.fen()), 'B:WKa1,c3:Bf6,Kh8');
    assert.equal(await other.evaluate(() => window.dama.ctx.screens.editor.rules), 'tudaf');
    assert.equal(await other.$$eval('.piece', (els) => els.length), 4);
    assert.equal(await other.isChecked('input[name="turn"][value="black"]'), true);
    // From the editor to a game: Black to move, federation rules.
    await other.click('#editor-play');
    await other.waitForSelector('#new-game[open]');
    await other.check('input[name="opponent"][value="two"]');
    await other.click('#start');
    await other.waitForFunction(() => window.dama.ctx.mode === 'play');
    assert.equal(await other.evaluate(() => window.dama.ctx.screens.play.game.fen()), 'B:WKa1,c3:Bf6,Kh8');
    assert.equal(await other.evaluate(() => window.dama.ctx.screens.play.game.rules()), 'tudaf');
    await other.close();
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('the keyboard reaches the board at once; marks keep their contrast; the grid has rows', { timeout: 120_000 }, async () => {
  const { page, server, errors, close } = await open();
  try {
    await page.goto(`${server.url}/web/`);
    await newGame(page, { opponent: 'two' });
    await page.evaluate(() => document.activeElement?.blur());
    let tabs = 0;
    while (tabs < 12) {
      await page.keyboard.press('Tab');
      tabs++;
      if (await page.evaluate(() => document.activeElement?.classList.contains('square'))) break;
    }
    assert.ok(tabs <= 9, `${tabs} Tabs to the board`);
    // From the board's square, the arrows walk to c3; Enter picks the man, the arrows and
    // Enter again play c3-c4.
    const start = await page.evaluate(() => document.activeElement.dataset.square);
    const files = 'abcdefgh';
    const steps = [];
    for (let f = files.indexOf(start[0]); f < 2; f++) steps.push('ArrowRight');
    for (let f = files.indexOf(start[0]); f > 2; f--) steps.push('ArrowLeft');
    for (let r = Number(start[1]); r < 3; r++) steps.push('ArrowUp');
    for (let r = Number(start[1]); r > 3; r--) steps.push('ArrowDown');
    for (const k of steps) await page.keyboard.press(k);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'c3');
    // The focus ring is drawn above the pieces, on c3, in two colours.
    const ring = await page.$eval('.focus-ring', (e) => ({ hidden: e.hidden, box: e.getBoundingClientRect().toJSON() }));
    const c3 = await page.$eval('.square[data-square="c3"]', (e) => e.getBoundingClientRect().toJSON());
    assert.equal(ring.hidden, false);
    assert.ok(Math.abs(ring.box.x - c3.x) < 2 && Math.abs(ring.box.y - c3.y) < 2);
    await page.keyboard.press('Enter');
    assert.deepEqual(await dests(page), ['c4']);
    await shots(page, '17-keyboard', { desktopOnly: true });
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await settle(page);
    assert.deepEqual((await playState(page)).history, ['c3-c4']);

    // A piece dragged to its square: f6-f5 for Black.
    const from = await page.$eval('.square[data-square="f6"]', (e) => e.getBoundingClientRect().toJSON());
    const to = await page.$eval('.square[data-square="f5"]', (e) => e.getBoundingClientRect().toJSON());
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
    await page.mouse.up();
    await settle(page);
    assert.deepEqual((await playState(page)).history, ['c3-c4', 'f6-f5']);

    // ARIA: the grid holds rows, the rows hold the cells.
    assert.equal(await page.$$eval('#board > [role="row"]', (els) => els.length), 8);
    assert.equal(await page.$$eval('[role="gridcell"]', (els) => els.filter((e) => e.parentElement.getAttribute('role') !== 'row').length), 0);
    assert.match(await page.getAttribute('.square[data-square="c4"]', 'aria-label'), /c4, white man/);

    // Coordinates at least 4.5:1, landing marks and the focus ring at least 3:1 on both
    // squares, every board.
    await page.click('.square[data-square="d3"]');
    for (const board of ['wood', 'classic', 'green', 'blue', 'contrast']) {
      await page.evaluate((b) => {
        window.dama.ctx.settings.board = b;
        document.documentElement.dataset.board = b;
      }, board);
      const colors = await page.evaluate(() => {
        const style = (sel, pseudo) => getComputedStyle(document.querySelector(sel), pseudo ?? null);
        return {
          light: style('.square.light').backgroundColor,
          dark: style('.square.dark').backgroundColor,
          coordLight: style('.square.light .coord').color,
          coordDark: style('.square.dark .coord').color,
          dest: style('.square.dest', '::after').backgroundColor,
          ring: style('.focus-ring').boxShadow.match(/rgba?\([^)]*\)/g),
        };
      });
      // The focus ring: a colour of it at least 3:1 against either square (it was 1.4:1).
      for (const square of [colors.light, colors.dark]) {
        const best = Math.max(...colors.ring.map((c) => contrast(c, square)));
        assert.ok(best >= 3, `${board}: focus ring ${best} against ${square}`);
      }
      assert.ok(contrast(colors.coordLight, colors.light) >= 4.5, `${board}: coordinates on light ${contrast(colors.coordLight, colors.light)}`);
      assert.ok(contrast(colors.coordDark, colors.dark) >= 4.5, `${board}: coordinates on dark ${contrast(colors.coordDark, colors.dark)}`);
      assert.ok(contrast(colors.dest, colors.light) >= 3, `${board}: marks on light`);
      assert.ok(contrast(colors.dest, colors.dark) >= 3, `${board}: marks on dark ${contrast(colors.dest, colors.dark)}`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('settings are kept; the help lists the keys; hint and draw offer answer', { timeout: 180_000 }, async () => {
  const { page, server, errors, close } = await open();
  try {
    await page.goto(`${server.url}/web/`);
    await newGame(page, { level: 'medium' });
    await page.click('#settings-button');
    await page.waitForSelector('#settings-dialog[open]');
    await page.selectOption('select[name="theme"]', 'dark');
    await page.selectOption('select[name="board"]', 'green');
    await page.selectOption('select[name="pieces"]', 'flat');
    await page.uncheck('input[name="coordinates"]');
    await page.check('input[name="confirmMoves"]');
    await page.fill('input[name="volume"]', '30');
    await shots(page, '18-settings');
    await page.click('#settings-dialog button[value="close"]');
    await page.reload();
    await page.waitForFunction(() => window.dama !== undefined);
    const root = await page.evaluate(() => ({ ...document.documentElement.dataset, noCoordinates: document.documentElement.classList.contains('no-coordinates') }));
    assert.deepEqual(root, { theme: 'dark', board: 'green', pieces: 'flat', noCoordinates: true });
    assert.equal(await page.evaluate(() => window.dama.ctx.settings.volume), 0.3);
    await shots(page, '19-dark');

    // Confirm moves: the move waits for the button.
    await page.click('.square[data-square="c3"]');
    await page.click('.square[data-square="c4"]');
    await page.waitForSelector('#confirm:not([hidden])');
    assert.deepEqual((await playState(page)).history, []);
    await page.click('#confirm-move');
    await page.waitForFunction(() => window.dama.ctx.screens.play.game.history().length === 2, null, { timeout: 30_000 });
    await settle(page);

    // A hint: an arrow and the move in words.
    await page.keyboard.press('h');
    await page.waitForFunction(() => /^Hint: /.test(document.querySelector('#message').textContent), null, { timeout: 20_000 });
    assert.equal(await page.$$eval('.hint-arrow', (els) => els.length), 1);
    // A draw offer at the start is too soon; after ten plies the computer answers.
    await page.click('#offer-draw');
    await page.waitForFunction(() => /draw/.test(document.querySelector('#message').textContent), null, { timeout: 20_000 });
    assert.match(await page.textContent('#message'), /accepts the draw|declines the draw/);

    await page.keyboard.press('?');
    await page.waitForSelector('#help-dialog[open]');
    assert.ok((await page.$$eval('#help-dialog kbd', (els) => els.length)) >= 15);
    await shots(page, '20-help');
    await page.keyboard.press('Escape');

    // The manifest's icons: PNG, of the sizes it says.
    const icons = await page.evaluate(async () => {
      const manifest = await (await fetch('manifest.webmanifest')).json();
      const out = [];
      for (const icon of manifest.icons.filter((i) => i.type === 'image/png')) {
        const bitmap = await createImageBitmap(await (await fetch(icon.src)).blob());
        out.push({ sizes: icon.sizes, width: bitmap.width, height: bitmap.height });
      }
      return out;
    });
    assert.ok(icons.length >= 2);
    for (const i of icons) assert.equal(i.sizes, `${i.width}x${i.height}`);
    assert.ok(icons.some((i) => i.width === 512) && icons.some((i) => i.width === 192));
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('the analysis board: evaluation bar, depth, best line, moves for both sides', { timeout: 120_000 }, async () => {
  const { page, server, errors, close } = await open();
  try {
    await page.goto(`${server.url}/web/`);
    await newGame(page, { opponent: 'two' });
    await page.click('#nav-analysis');
    await page.waitForFunction(() => /depth \d+/.test(document.querySelector('#eval-depth').textContent), null, { timeout: 30_000 });
    assert.match(await page.textContent('#eval-line'), /^1\. [a-h]\d[-x]/);
    assert.match(await page.getAttribute('#eval-bar', 'aria-label'), /Evaluation: [+−±]\d/);
    // Moves for both sides; a move from an earlier position cuts the ones after it.
    for (const [a, b] of [['c3', 'c4'], ['f6', 'f5'], ['b3', 'b4']]) {
      await page.click(`.square[data-square="${a}"]`);
      await page.click(`.square[data-square="${b}"]`);
      await page.waitForFunction(() => window.dama.ctx.animating === 0);
    }
    assert.deepEqual(await page.evaluate(() => window.dama.ctx.screens.analysis.line.history()), ['c3-c4', 'f6-f5', 'b3-b4']);
    await page.click('#prev');
    await page.click('.square[data-square="h3"]');
    await page.click('.square[data-square="h4"]');
    await page.waitForFunction(() => window.dama.ctx.animating === 0);
    assert.deepEqual(await page.evaluate(() => window.dama.ctx.screens.analysis.line.history()), ['c3-c4', 'f6-f5', 'h3-h4']);
    await page.waitForFunction(() => /depth \d+/.test(document.querySelector('#eval-depth').textContent), null, { timeout: 30_000 });
    await shots(page, '21-analysis');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('moves, captures, crownings and dama altı are announced', { timeout: 120_000 }, async () => {
  const { page, server, errors, close } = await open();
  try {
    // Worked out by hand: White's man c6 steps to c7 (one step from crowning); Black's a4
    // steps to b4, in front of White's b3, which must take it (b3xb5); Black's h6 steps on
    // and c7-c8 crowns.
    const fen = new Dama('W:Wc6,b3:Bh6,a4').fen();
    await page.goto(`${server.url}/web/#fen=${encodeURIComponent(fen)}`);
    await page.waitForFunction((f) => window.dama?.ctx.screens.play.game.fen() === f, fen);
    const said = () => page.evaluate(() => document.querySelector('#announce').textContent + document.querySelector('#announce-2').textContent);
    const play = async (from, to) => {
      await page.click(`.square[data-square="${from}"]`);
      await page.click(`.square[data-square="${to}"]`);
      await page.waitForFunction(() => window.dama.ctx.animating === 0);
    };
    await play('c6', 'c7');
    assert.equal(await said(), 'White: c6-c7. Dama altı! A man is one step from crowning.');
    await play('a4', 'b4');
    assert.equal(await said(), 'Black: a4-b4. White must capture.');
    await page.click('.square[data-square="c7"]');
    assert.equal(await page.textContent('#message'), 'A capture is compulsory: the piece that must capture is marked.');
    await page.click('.square[data-square="b3"]');
    await page.click('.square[data-square="c3"]');
    assert.match(await page.textContent('#message'), /the piece on b3 must capture/);
    // The piece stays picked after a refused square: its landing finishes the capture.
    await page.click('.square[data-square="b5"]');
    await page.waitForFunction(() => window.dama.ctx.animating === 0);
    assert.equal(await said(), 'White: b3xb5, capturing 1 piece.');
    await play('h6', 'h5');
    await play('c7', 'c8');
    assert.equal(await said(), 'White: c7-c8. Crowned: a dama!');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('a phone on its side: the board as tall as the screen, the pieces and their rings scaled with it', { timeout: 120_000 }, async () => {
  const { page, server, errors, close } = await open({ viewport: LANDSCAPE });
  try {
    await page.goto(`${server.url}/web/`);
    await newGame(page, { opponent: 'two' });
    const measure = () =>
      page.evaluate(() => {
        const board = document.querySelector('#board').getBoundingClientRect();
        const square = document.querySelector('.square[data-square="c3"]').getBoundingClientRect();
        const piece = document.querySelector('.piece');
        // The widest inset ring, as the computed style writes it: `rgba(...) 0px 0px 0px 5.4px inset`.
        const ring = getComputedStyle(piece, '::before').boxShadow.match(/0px 0px 0px ([\d.]+)px inset(?!.*inset)/);
        return { board: board.toJSON(), square: square.width, ring: Number(ring[1]), width: document.documentElement.scrollWidth };
      });
    const side = await measure();
    // The board takes most of the 390-pixel height and stays whole on the screen.
    assert.ok(side.square >= 36, `a square is ${side.square} px`);
    assert.ok(side.board.y >= 0 && side.board.bottom <= LANDSCAPE.height + 1, 'the board fits the height');
    assert.ok(side.width <= LANDSCAPE.width, 'nothing wider than the screen');
    // The control panel sits beside the board, in reach.
    const panel = await page.$eval('.panel', (e) => e.getBoundingClientRect().toJSON());
    assert.ok(panel.x >= side.board.right - 1, 'the panel beside the board');
    // The rings keep their share of the square at any size.
    await page.setViewportSize(DESKTOP);
    await page.waitForTimeout(150);
    const desk = await measure();
    assert.ok(desk.square > side.square);
    assert.ok(Math.abs(desk.ring / desk.square - side.ring / side.square) < 0.01, `rings ${side.ring}/${side.square} and ${desk.ring}/${desk.square}`);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
