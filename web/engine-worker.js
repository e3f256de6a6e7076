// The computer player, off the page's main thread: one engine kept across the game's moves.
// Message in: { id, start, rules, moves, timeMs }; out: { id, report } or { id, error }.
// The handler is set at once and waits for the package: a message that comes while the
// module is still loading is not lost.
const ready = import('../wasm/npm/dama.js').then((dama) => ({
  Dama: dama.Dama,
  engine: new dama.Engine({ tableBits: 18 }),
}));

self.onmessage = async ({ data }) => {
  try {
    const { Dama, engine } = await ready;
    const game = new Dama(data.start, { rules: data.rules });
    for (const m of data.moves) game.move(m);
    const report = engine.bestMove(game, { timeMs: data.timeMs });
    self.postMessage({ id: data.id, report });
  } catch (e) {
    self.postMessage({ id: data.id, error: String(e?.message ?? e) });
  }
};
