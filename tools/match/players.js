// The players a match can seat, from a spec string:
//
//   ours                 the npm package's engine, best move in the match's time a move
//   ours:LEVEL           at one of its levels (beginner ... expert): the level's depth cap
//                        and random margin, the match's time a move (or the level's own
//                        time when the match gives none)
//   ours@DIR[:LEVEL]     the same from another build of the npm package: DIR holds its
//                        dama.js (for example a worktree of an older commit after
//                        `bash wasm/build.sh`), to measure a change against it
//   module:FILE          any engine behind an adapter module (kept outside this
//                        repository when the engine is someone else's): FILE exports
//                        `async function createPlayer({ timeMs })` returning
//                        `{ name, newGame?(), bestMove(request), close?() }`
//
// `bestMove(request)` gets `{ startFen, rules, moves, fen, timeMs }` (`moves`: the game's
// verbose moves so far, as dama.js gives them) and answers a move text in landing notation,
// `{ from, to, captured }` (square names), or `null` when it holds the game to be over.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const REPO_PACKAGE = new URL('../../wasm/npm/dama.js', import.meta.url).href;

/** A player of our engine, from the package at `packageUrl`. */
async function ours(packageUrl, level, timeMs) {
  const dama = await import(packageUrl);
  const settings = level === null ? null : dama.LEVELS?.find((l) => l.name === level);
  if (level !== null && settings === undefined) throw new Error(`unknown level ${level}`);
  const budget = timeMs ?? settings?.timeMs;
  if (!(budget > 0)) throw new Error('ours: give the match a time a move, or a level');
  let engine = new dama.Engine({ tableBits: 20 });
  let seed = 1;
  return {
    name: `ours${packageUrl === REPO_PACKAGE ? '' : `@${packageUrl}`}${level ? `:${level}` : ''}`,
    newGame(gameSeed) {
      if (typeof engine.clear === 'function') engine.clear();
      else {
        engine.free();
        engine = new dama.Engine({ tableBits: 20 });
      }
      seed = gameSeed;
    },
    bestMove({ startFen, rules, moves }) {
      const game = new dama.Dama(startFen, { rules });
      for (const m of moves) game.move(m.text);
      seed = (seed * 1103515245 + 12345) % 2147483648;
      // An older package has no search(): its bestMove at the same time.
      const r =
        typeof engine.search === 'function'
          ? engine.search(game, { level: level ?? undefined, timeMs: budget, seed })
          : engine.bestMove(game, { timeMs: budget });
      return r === null ? null : r.move.text;
    },
    close() {
      engine.free();
    },
  };
}

/** The player a spec names (see the top of this file). */
export async function createPlayer(spec, timeMs) {
  if (spec.startsWith('module:')) {
    const file = resolve(spec.slice('module:'.length));
    const mod = await import(pathToFileURL(file).href);
    return mod.createPlayer({ timeMs });
  }
  const m = /^ours(?:@([^:]+))?(?::([a-z]+))?$/.exec(spec);
  if (m === null) throw new Error(`unknown player ${JSON.stringify(spec)}: ours, ours:LEVEL, ours@DIR[:LEVEL] or module:FILE`);
  const url = m[1] === undefined ? REPO_PACKAGE : pathToFileURL(resolve(m[1], 'dama.js')).href;
  return ours(url, m[2] ?? null, timeMs);
}
