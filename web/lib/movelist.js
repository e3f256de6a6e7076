// The move list beside the board: numbered pairs of moves, each a button that shows its
// position, with a judgement's sign in a review, and the result at the end.
import { t } from './i18n.js';
import { escape } from './dom.js';
import { parseFen } from '../board/board.js';

/**
 * Fills `list` (an <ol>) with `plies` (`{ text, note, said, cls }` each: the move, a sign
 * shown after it, words read after it, a class), numbered from `game`'s first position;
 * the button of ply `current` (1 for the first move) is marked; `result` ends the list.
 */
export function renderMoveList(list, game, current, plies, result) {
  const start = parseFen(game.startFen()).turn;
  const items = [];
  let i = 0;
  let number = 1;
  const button = (ply) => {
    const p = plies[ply];
    const here = current === ply + 1;
    const label = [p.text, p.said].filter(Boolean).join(', ');
    return `<button type="button" data-ply="${ply + 1}" class="${here ? 'current ' : ''}${p.cls ?? ''}" aria-label="${escape(label)}"${here ? ' aria-current="true"' : ''}>${escape(p.text)}${p.note ? `<span class="note" aria-hidden="true">${escape(p.note)}</span>` : ''}</button>`;
  };
  if (start === 'black' && plies.length > 0) {
    items.push(`<li value="1"><span><span class="skip" aria-hidden="true">…</span>${button(0)}</span></li>`);
    i = 1;
    number = 2;
  }
  for (; i < plies.length; i += 2, number++) {
    items.push(`<li value="${number}"><span>${button(i)}${i + 1 < plies.length ? button(i + 1) : ''}</span></li>`);
  }
  if (result) items.push(`<li class="result"><span aria-label="${escape(t('moves.result', { result }))}">${escape(result)}</span></li>`);
  const html = items.join('');
  if (list.dataset.html === html) return;
  list.dataset.html = html;
  list.innerHTML = html;
  requestAnimationFrame(() => list.querySelector('.current')?.scrollIntoView({ block: 'nearest' }));
}
