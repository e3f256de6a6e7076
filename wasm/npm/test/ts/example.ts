// Type-checked by api.test.js against dama.d.ts (tsc --noEmit); not run.
import {
  accuracy,
  Dama,
  Engine,
  expectedScore,
  IllegalMoveError,
  judgeMove,
  LEVELS,
  moveLoss,
  PdnError,
  readPdn,
  type Judgement,
  type Level,
  type Move,
  type Outcome,
  type SearchResult,
  type ExactResult,
  MissingTableError,
  Tablebase,
  TablebaseError,
} from 'turkish-draughts';

const game: Dama = new Dama(undefined, { rules: 'tudaf' });
const texts: string[] = game.moves();
const verbose: Move[] = game.moves({ verbose: true, square: 'c3' });
const played: Move = game.move(texts[0]);
game.move({ from: 'f6', to: 'f5' });
game.move({ path: ['c4', 'c5'] });
const back: Move | null = game.undo();
const key: bigint = game.zobrist();
const nodes: number = game.perft(3);
const outcome: Outcome | null = game.outcome();
const winner: 'white' | 'black' | null | undefined = outcome?.winner;
const dests: Map<string, string[]> = game.dests();
const steps: string[] = game.nextSteps(['c3']);
const svg: string = game.svg({ size: 320, flipped: true, highlight: steps });
const pdn: string = game.pdn({ notation: 'captured', tags: { White: 'A' } });
try {
  game.move('h1-h8');
} catch (e) {
  if (e instanceof IllegalMoveError) console.log(e.reason, e.move);
}
for (const item of readPdn(pdn)) {
  if (item.error) {
    const err: PdnError = item.error;
    console.log(err.line, err.column);
  } else {
    console.log(item.game.history({ verbose: true })[0]?.path, item.tags['White']);
  }
}
const report = new Engine({ tableBits: 16 }).bestMove(game, { timeMs: 100, depth: 8 });
console.log(played, verbose, back, key, nodes, winner, dests, svg, report?.move.text, report?.score);
const found: SearchResult | null = new Engine().search(game, { level: 'medium', seed: 4, exclude: ['c3-c4'] });
const line: Move[] = found?.pv ?? [];
const levels: readonly Readonly<Level>[] = LEVELS;
const verdict: Judgement = judgeMove({ best: 20, played: -80, legalMoves: 7 });
const sideAccuracy: number | null = accuracy([0.1, 0]);
console.log(line, levels[0]?.name, verdict, sideAccuracy, expectedScore(100), moveLoss(0, -50));
const tb: Tablebase = new Tablebase({ rules: 'tudaf' });
try {
  const exact: ExactResult | null = tb.probe(game);
  console.log(exact?.result, exact?.plies, exact?.best, tb.maxPieces());
} catch (e) {
  if (e instanceof MissingTableError) tb.add(e.file, new Uint8Array(0));
  else if (e instanceof TablebaseError) console.log(e.message);
}
new Engine().useTablebase(tb);
