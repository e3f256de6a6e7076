// A match's score with its error margin, and the Elo difference it implies.

/** The logistic Elo difference of a score fraction (0 < s < 1); ±Infinity at the ends. */
export function elo(score) {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return -400 * Math.log10(1 / score - 1);
}

/**
 * The score of a list of game results for one side (1 a win, 0.5 a draw, 0 a loss): its
 * mean, the 95 % margin of the mean (1.96 standard errors, from the games' own variance), and
 * the Elo difference with its interval.
 */
export function summarize(points) {
  const n = points.length;
  const wins = points.filter((p) => p === 1).length;
  const draws = points.filter((p) => p === 0.5).length;
  const losses = n - wins - draws;
  if (n === 0) return { n, wins, draws, losses, score: NaN, margin: NaN, elo: NaN, eloLow: NaN, eloHigh: NaN };
  const score = points.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? points.reduce((a, p) => a + (p - score) ** 2, 0) / (n - 1) : 0.25;
  const margin = 1.96 * Math.sqrt(variance / n);
  return {
    n,
    wins,
    draws,
    losses,
    score,
    margin,
    elo: elo(score),
    eloLow: elo(Math.max(0, score - margin)),
    eloHigh: elo(Math.min(1, score + margin)),
  };
}

/** One line: `+W =D -L, 62.5 % ± 8.1 %, Elo +89 (+31 to +152)`. */
export function describe(s) {
  if (s.n === 0) return 'no games';
  const pct = (x) => `${(100 * x).toFixed(1)} %`;
  const e = (x) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${Math.round(x)}` : x > 0 ? '+inf' : '-inf');
  return `+${s.wins} =${s.draws} -${s.losses} in ${s.n}: ${pct(s.score)} ± ${pct(s.margin)}, Elo ${e(s.elo)} (${e(s.eloLow)} to ${e(s.eloHigh)})`;
}
