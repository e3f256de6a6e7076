// A match between two engines at equal time, from varied openings, each opening played with
// both colours (and under both rule sets with --rules both), refereed by the npm package;
// prints each game and the score of the first player with its 95 % margin and Elo.
//
//   node tools/match/match.js --a ours:expert --b module:/elsewhere/adapter.mjs \
//       --games 100 --time 1000 --rules both --jobs 2 --out results.jsonl
//   node tools/match/match.js --summary results.jsonl more.jsonl   # merges runs
//
// Run from the repository after `bash wasm/build.sh`. Players: tools/match/players.js.
// Options:
//   --games N      games to play (default 20); game g plays opening g / (2 · rule sets),
//                  with A as White when g is even
//   --first K      start at game K (to play a long match in chunks; default 0)
//   --time MS      each player's time a move (both the same; a level's own time if left out)
//   --rules R      default, tudaf or both (default both)
//   --openings P   random plies from the start that make an opening, none of them a capture
//                  (default 4; seeded)
//   --seed S       the openings' seed (default 1)
//   --max-plies M  a game still going after M plies is a draw (default 300)
//   --jobs J       games at once, each in its own thread (default 1)
//   --out FILE     appends each game as a JSON line
//
// A game ends as the rules say (no legal move, the one-piece-each rules, threefold
// repetition), after 100 plies without a capture or a man's move (a draw, as the
// federation's 50-move rule), after --max-plies plies (a draw), or when a player answers
// that the game is over (a draw, counted apart). A move the rules in play do not allow
// (an engine that plays other rules) is replaced by the legal move from the same square
// that takes the most of the same pieces, and counted.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { appendFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPlayer } from './players.js';
import { describe, summarize } from './stats.js';

const NO_PROGRESS = 100;

function parseArgs(argv) {
  const o = { a: 'ours', b: null, games: 20, first: 0, time: null, rules: 'both', openings: 4, seed: 1, maxPlies: 300, jobs: 1, out: null, summary: null };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${name} needs a value`);
      return argv[++i];
    };
    const whole = (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${name} needs a whole number, not ${v}`);
      return n;
    };
    switch (name) {
      case '--a': o.a = value(); break;
      case '--b': o.b = value(); break;
      case '--games': o.games = whole(value()); break;
      case '--first': o.first = whole(value()); break;
      case '--time': o.time = whole(value()); break;
      case '--rules': o.rules = value(); break;
      case '--openings': o.openings = whole(value()); break;
      case '--seed': o.seed = whole(value()); break;
      case '--max-plies': o.maxPlies = whole(value()); break;
      case '--jobs': o.jobs = Math.max(1, whole(value())); break;
      case '--out': o.out = value(); break;
      case '--summary': o.summary = argv.slice(i + 1); i = argv.length; break;
      default: throw new Error(`unknown option ${name}`);
    }
  }
  if (!['default', 'tudaf', 'both'].includes(o.rules)) throw new Error('--rules is default, tudaf or both');
  if (o.summary === null && o.b === null) throw new Error('--b names the second player');
  return o;
}

/** xorshift32: the openings, the same on every run for a seed. */
function random(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

/** `count` distinct openings: each `plies` random legal moves from the start, no capture among them. */
function openings(Dama, count, plies, seed) {
  const next = random(seed);
  const list = [];
  const seen = new Set();
  for (let tries = 0; list.length < count && tries < count * 50; tries++) {
    const g = new Dama();
    for (let i = 0; i < plies && !g.isGameOver(); i++) {
      const moves = g.moves();
      g.move(moves[next(moves.length)]);
    }
    // No capture in the opening: each side keeps its sixteen pieces.
    if (g.isGameOver() || g.history({ verbose: true }).some((m) => m.captured.length > 0) || seen.has(g.fen())) continue;
    seen.add(g.fen());
    list.push(g.history());
  }
  return list;
}

/** The legal move a foreign answer stands for: the same move, else the closest from the same square. */
function legalize(game, answer) {
  const moves = game.moves({ verbose: true });
  if (typeof answer === 'string') {
    const exact = moves.find((m) => m.text === answer);
    if (exact) return { move: exact, replaced: false };
    try {
      return { move: game.clone().move(answer), replaced: false };
    } catch {
      // A path these rules do not allow: the legal move from its square that shares the
      // most of its squares, its end first.
      const squares = answer.split(/[x-]/);
      const from = moves.filter((m) => m.from === squares[0]);
      if (from.length === 0) return null;
      const shared = (m) => m.path.filter((sq) => squares.includes(sq)).length + (m.to === squares.at(-1) ? 100 : 0);
      from.sort((x, y) => shared(y) - shared(x));
      return { move: from[0], replaced: true };
    }
  }
  const same = (m) => m.from === answer.from && m.to === answer.to && m.captured.length === answer.captured.length && m.captured.every((c) => answer.captured.includes(c));
  const exact = moves.find(same);
  if (exact) return { move: exact, replaced: false };
  const from = moves.filter((m) => m.from === answer.from);
  if (from.length === 0) return null;
  const overlap = (m) => m.captured.filter((c) => answer.captured.includes(c)).length;
  from.sort((x, y) => overlap(y) - overlap(x));
  return { move: from[0], replaced: true };
}

async function playGame(Dama, players, index, opening, rules, aWhite, options) {
  const game = new Dama(undefined, { rules });
  for (const m of opening) game.move(m);
  const white = aWhite ? players.a : players.b;
  const black = aWhite ? players.b : players.a;
  for (const p of [white, black]) p.newGame?.(index + 1);
  const time = { a: [], b: [] };
  let quiet = 0;
  let replaced = 0;
  let end = null;
  while (end === null) {
    const outcome = game.outcome();
    if (outcome) {
      end = { winner: outcome.winner, reason: outcome.reason };
      break;
    }
    if (quiet >= NO_PROGRESS) {
      end = { winner: null, reason: 'no-progress' };
      break;
    }
    if (game.history().length >= options.maxPlies) {
      end = { winner: null, reason: 'max-plies' };
      break;
    }
    const toMove = game.turn() === 'w' ? white : black;
    const side = toMove === players.a ? 'a' : 'b';
    const request = { startFen: game.startFen(), rules, moves: game.history({ verbose: true }), fen: game.fen(), timeMs: options.time };
    const t = performance.now();
    const answer = await toMove.bestMove(request);
    time[side].push(performance.now() - t);
    if (answer === null) {
      end = { winner: null, reason: `${side}-claims-end` };
      break;
    }
    const legal = legalize(game, answer);
    if (legal === null) throw new Error(`${toMove.name} answered ${JSON.stringify(answer)}, no legal move, in ${game.fen()}`);
    if (legal.replaced) replaced++;
    const before = game.fen();
    const piece = before.includes(`K${legal.move.from}`);
    game.move({ path: legal.move.path });
    quiet = legal.move.captured.length > 0 || !piece ? 0 : quiet + 1;
  }
  const aColor = aWhite ? 'white' : 'black';
  const points = end.winner === null ? 0.5 : end.winner === aColor ? 1 : 0;
  const mean = (xs) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
  return {
    index,
    rules,
    a: players.a.name,
    b: players.b.name,
    aWhite,
    points,
    reason: end.reason,
    plies: game.history().length,
    replaced,
    msA: Math.round(mean(time.a)),
    msB: Math.round(mean(time.b)),
    maxMsA: Math.round(Math.max(0, ...time.a)),
    maxMsB: Math.round(Math.max(0, ...time.b)),
    opening: game.history().slice(0, options.openings).join(' '),
  };
}

async function runGames(options, indices, report) {
  const { Dama } = await import('../../wasm/npm/dama.js');
  const rulesList = options.rules === 'both' ? ['default', 'tudaf'] : [options.rules];
  const perOpening = 2 * rulesList.length;
  const last = Math.max(...indices, 0);
  const list = openings(Dama, Math.floor(last / perOpening) + 1, options.openings, options.seed);
  const players = { a: await createPlayer(options.a, options.time), b: await createPlayer(options.b, options.time) };
  try {
    for (const g of indices) {
      const opening = list[Math.floor(g / perOpening)];
      const rules = rulesList[Math.floor(g / 2) % rulesList.length];
      report(await playGame(Dama, players, g, opening, rules, g % 2 === 0, options));
    }
  } finally {
    players.a.close?.();
    players.b.close?.();
  }
}

function printSummary(results) {
  const by = (f) => summarize(results.filter(f).map((r) => r.points));
  const names = [...new Set(results.map((r) => `${r.a} against ${r.b}`))].join('; ');
  console.log(`\n${names}`);
  console.log(`all:     ${describe(by(() => true))}`);
  for (const rules of ['default', 'tudaf']) {
    if (results.some((r) => r.rules === rules)) console.log(`${rules.padEnd(8)} ${describe(by((r) => r.rules === rules))}`);
  }
  console.log(`A white: ${describe(by((r) => r.aWhite))}`);
  console.log(`A black: ${describe(by((r) => !r.aWhite))}`);
  const reasons = {};
  for (const r of results) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
  const mean = (f) => Math.round(results.reduce((s, r) => s + f(r), 0) / Math.max(1, results.length));
  console.log(`endings: ${JSON.stringify(reasons)}; moves replaced: ${results.reduce((s, r) => s + r.replaced, 0)}`);
  console.log(`mean time a move: A ${mean((r) => r.msA)} ms, B ${mean((r) => r.msB)} ms; mean plies ${mean((r) => r.plies)}`);
}

if (isMainThread) {
  const options = parseArgs(process.argv.slice(2));
  if (options.summary !== null) {
    const results = options.summary.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l)),
    );
    printSummary(results);
  } else {
    const indices = Array.from({ length: options.games }, (_, i) => options.first + i);
    const results = [];
    const report = (r) => {
      results.push(r);
      if (options.out) appendFileSync(options.out, `${JSON.stringify(r)}\n`);
      const result = r.points === 1 ? '1-0' : r.points === 0 ? '0-1' : '½-½';
      console.log(`game ${r.index} ${r.rules} A ${r.aWhite ? 'white' : 'black'}: A ${result} (${r.reason}, ${r.plies} plies; ms a move A ${r.msA}, B ${r.msB}) ${r.opening}`);
    };
    const jobs = Math.min(options.jobs, indices.length);
    await Promise.all(
      Array.from({ length: jobs }, (_, j) =>
        new Promise((done, fail) => {
          const w = new Worker(fileURLToPath(import.meta.url), { workerData: { options, indices: indices.filter((_, i) => i % jobs === j) } });
          w.on('message', report);
          w.on('error', fail);
          w.on('exit', (code) => (code === 0 ? done() : fail(new Error(`worker exited with ${code}`))));
        }),
      ),
    );
    results.sort((x, y) => x.index - y.index);
    printSummary(results);
  }
} else {
  await runGames(workerData.options, workerData.indices, (r) => parentPort.postMessage(r));
}
