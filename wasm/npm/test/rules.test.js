// The rules through the package: perft against the repository's table and the published
// start counts, moves in every notation, the game's end, undo and the board-widget helpers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Dama } from '../dama.js';
import { randomGame, rng } from './helpers.js';

// The start position's perft, depths 1 to 6, from the rules specification (both rule sets).
const START = [8, 64, 708, 7538, 85090, 931312];

test('perft from the start, both rule sets', () => {
  for (const rules of ['default', 'tudaf']) {
    const game = new Dama(undefined, { rules });
    assert.equal(game.perft(0), 1);
    START.forEach((n, i) => assert.equal(game.perft(i + 1), n, `depth ${i + 1} under ${rules}`));
  }
});

test("perft equals the Rust crate's table (tests/data/perft.tsv), both rule sets", () => {
  const table = readFileSync(new URL('../../../tests/data/perft.tsv', import.meta.url), 'utf8');
  let rows = 0;
  for (const line of table.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [fen, depth, defaultNodes, tudafNodes] = line.split('\t');
    for (const [rules, want] of [['default', defaultNodes], ['tudaf', tudafNodes]]) {
      const game = new Dama(fen, { rules });
      assert.equal(game.perft(Number(depth)), Number(want), `${fen} depth ${depth} under ${rules}`);
    }
    rows++;
  }
  assert.ok(rows >= 90, `only ${rows} rows read`);
});

test('a move in every notation, as text or squares, is the same move', () => {
  for (const rules of ['default', 'tudaf']) {
    for (let seed = 1; seed <= 12; seed++) {
      const game = randomGame(rules, seed, 400);
      const replay = new Dama(undefined, { rules });
      for (const m of game.history({ verbose: true })) {
        const forms = [m.text, m.federation, ` ${m.text} `];
        const ends = replay.moves({ verbose: true }).filter((o) => o.from === m.from && o.to === m.to);
        if (ends.length === 1 && m.captured.length > 0) forms.push(`${m.from}x${m.to}`);
        for (const form of forms) {
          const probe = replay.clone();
          assert.deepEqual(probe.move(form), m, `${form} after ${replay.history().join(' ')}`);
        }
        const byPath = replay.clone();
        assert.deepEqual(byPath.move({ path: m.path }), m);
        if (ends.length === 1) {
          assert.deepEqual(replay.clone().move({ from: m.from, to: m.to }), m);
        }
        replay.move(m.text);
      }
      assert.equal(replay.fen(), game.fen());
    }
  }
});

test('undo goes back through the whole game', () => {
  const game = randomGame('default', 7, 120);
  const fens = [];
  const replay = new Dama();
  for (const m of game.history()) {
    fens.push(replay.fen());
    replay.move(m);
  }
  while (fens.length > 0) {
    const before = fens.pop();
    assert.notEqual(game.undo(), null);
    assert.equal(game.fen(), before);
  }
  assert.equal(game.undo(), null);
  assert.equal(game.fen(), new Dama().fen());
});

test('games end, with the winner and the reason', () => {
  const won = new Dama('B:WKd4:Bd6');
  assert.deepEqual(won.outcome(), {
    winner: 'white',
    reason: 'king-against-lone-man',
    result: '2-0',
    text: 'white wins: a lone king against a lone man',
  });
  assert.equal(won.isGameOver(), true);
  assert.deepEqual(won.moves(), []);
  // Black's man on a2 has no move: White wins.
  const blocked = new Dama('B:WKa1,a3,b2,c2:Ba2');
  assert.equal(blocked.outcome().winner, 'white');
  assert.equal(blocked.outcome().reason, 'no-legal-move');
  assert.equal(new Dama().outcome(), null);
  // Played out at random, every game ends in one of the reasons, and moves() is empty then.
  for (let seed = 1; seed <= 20; seed++) {
    const game = randomGame(seed % 2 ? 'default' : 'tudaf', seed, 2000);
    if (game.isGameOver()) assert.deepEqual(game.moves(), []);
  }
});

test('dests and nextSteps agree with the legal moves', () => {
  for (let seed = 1; seed <= 10; seed++) {
    const next = rng(seed);
    const game = new Dama();
    for (let ply = 0; ply < 200 && !game.isGameOver(); ply++) {
      const moves = game.moves({ verbose: true });
      const dests = game.dests();
      const want = new Map();
      for (const m of moves) want.set(m.from, [...new Set([...(want.get(m.from) ?? []), m.to])]);
      assert.deepEqual([...dests.keys()].sort(), [...want.keys()].sort());
      for (const [from, to] of want) assert.deepEqual([...dests.get(from)].sort(), [...to].sort());
      assert.deepEqual(game.nextSteps([]).sort(), [...want.keys()].sort());
      // Entering the chosen move landing by landing: each step is offered, and at the end
      // exactly one move has the path.
      const m = moves[next(moves.length)];
      for (let i = 1; i < m.path.length; i++) {
        assert.ok(game.nextSteps(m.path.slice(0, i)).includes(m.path[i]));
      }
      assert.deepEqual(game.nextSteps(m.path), []);
      assert.deepEqual(game.moveWithPath(m.path), m);
      game.move({ path: m.path });
    }
  }
});

test('a multi-capture entered step by step: only legal continuations are offered', () => {
  // Worked out by hand: the man on c4 must take c5 (landing c6) and then the king on d6
  // (landing e6); b4 or e4 alone would be one piece, and the most pieces must be taken.
  const game = new Dama('W:Wc4,d4:Bc5,Kd6,e4,b4');
  assert.deepEqual(game.moves(), ['c4xc6xe6']);
  assert.deepEqual(game.nextSteps([]), ['c4']);
  assert.deepEqual(game.nextSteps(['c4']), ['c6']);
  assert.deepEqual(game.nextSteps(['c4', 'c6']), ['e6']);
  assert.deepEqual(game.nextSteps(['d4']), []);
  const m = game.move({ path: ['c4', 'c6', 'e6'] });
  assert.deepEqual(m.captured, ['c5', 'd6']);
  assert.equal(m.federation, 'c4xc5xd6');
});

test('two captures with the same ends: from and to are ambiguous, the path is not', () => {
  let found = 0;
  for (let seed = 1; seed <= 400 && found < 5; seed++) {
    const next = rng(seed);
    const game = new Dama(undefined, { rules: seed % 2 ? 'default' : 'tudaf' });
    for (let ply = 0; ply < 300 && !game.isGameOver(); ply++) {
      const moves = game.moves({ verbose: true });
      const twin = moves.find((m) => moves.some((o) => o !== m && o.from === m.from && o.to === m.to));
      if (twin) {
        found++;
        assert.throws(() => game.clone().move({ from: twin.from, to: twin.to }), { name: 'IllegalMoveError', message: /ambiguous/ });
        assert.deepEqual(game.clone().move({ path: twin.path }), twin);
      }
      game.move(moves[next(moves.length)].text);
    }
  }
  assert.ok(found > 0, 'no position with two captures of the same ends was met');
});

test('svg draws the board', () => {
  const game = new Dama();
  game.move('c3-c4');
  const svg = game.svg({ size: 320, highlight: ['f6'], flipped: true });
  assert.ok(svg.startsWith('<svg') || svg.startsWith('<?xml'));
  assert.equal(svg.match(/class="piece /g).length, 32);
  assert.ok(svg.trimEnd().endsWith('</svg>'));
});

test('a king taking 12 men shows its whole path, read back as the same move', () => {
  const game = new Dama('W:WKa1:Ba3,a6,c7,f7,h6,h3,f2,c2,c4,f4,f5,c5', { rules: 'default' });
  const [m] = game.moves({ verbose: true });
  assert.equal(m.captured.length, 12);
  assert.equal(m.text, 'a1xa4xd4xh4xh7xe7xa7xa5xd5xh5xh2xe2xa2');
  assert.equal(m.path.length, 13);
  assert.equal(m.path[0], 'a1');
  assert.equal(m.path[12], m.to);
  const played = game.move({ path: m.path });
  assert.equal(played.text, m.text);
});
