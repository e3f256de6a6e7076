// A page's script as a user writes it: the package imported by name, bundled by esbuild.
// It puts what it saw in `window.result` (or the error in `window.failure`) for
// fresh-project.test.js.
import { Dama, Engine, IllegalMoveError } from 'turkish-draughts';

try {
  const game = new Dama();
  const result = { moves: game.moves().length, perft5: new Dama().perft(5) };
  game.move('c3-c4');
  result.fen = game.fen();
  try {
    game.move('h1-h8');
    result.illegal = 'accepted';
  } catch (e) {
    result.illegal = e instanceof IllegalMoveError ? e.name : String(e);
  }
  result.history = game.history();
  result.zobrist = typeof game.zobrist();
  document.getElementById('board').innerHTML = game.svg({ size: 240 });
  result.boardWidth = Math.round(document.querySelector('#board svg').getBoundingClientRect().width);
  const engine = new Engine();
  const report = engine.bestMove(game, { depth: 3 });
  result.engineMoveIsLegal = game.moves().includes(report.move.text);
  engine.free();
  document.getElementById('status').textContent = 'done';
  window.result = result;
} catch (e) {
  window.failure = String(e?.stack ?? e);
}
