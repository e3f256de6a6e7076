// The review's evaluation graph: White's expected score after each ply (0 at the bottom,
// 1 at the top), the ply shown marked, the errors dotted in their colour.

const NS = 'http://www.w3.org/2000/svg';

function el(name, attrs) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/**
 * Draws into `svg`: `points` (White's expected score, 0 to 1, for plies 0, 1, ...; as
 * many as are known), out of `total` plies; `current` the ply shown; `judgements` by move.
 */
export function drawGraph(svg, points, total, current, judgements) {
  const width = Math.max(total, 1);
  svg.setAttribute('viewBox', `0 0 ${width} 100`);
  svg.setAttribute('preserveAspectRatio', 'none');
  const parts = [el('rect', { x: 0, y: 0, width, height: 100, class: 'graph-back' })];
  if (points.length > 0) {
    const xy = points.map((p, i) => `${i},${(100 * (1 - p)).toFixed(2)}`);
    parts.push(el('path', { d: `M0,100 L${xy.join(' L')} L${points.length - 1},100 Z`, class: 'graph-white' }));
    parts.push(el('polyline', { points: xy.join(' '), class: 'graph-line', 'vector-effect': 'non-scaling-stroke' }));
  }
  parts.push(el('line', { x1: 0, y1: 50, x2: width, y2: 50, class: 'graph-mid', 'vector-effect': 'non-scaling-stroke' }));
  judgements.forEach((j, i) => {
    if (!j || !['mistake', 'blunder', 'inaccuracy'].includes(j.name) || points[i + 1] === undefined) return;
    parts.push(el('line', { x1: i + 1, y1: 0, x2: i + 1, y2: 100, class: `graph-mark j-${j.name}`, 'vector-effect': 'non-scaling-stroke' }));
  });
  parts.push(el('line', { x1: current, y1: 0, x2: current, y2: 100, class: 'graph-current', 'vector-effect': 'non-scaling-stroke' }));
  svg.replaceChildren(...parts);
}
