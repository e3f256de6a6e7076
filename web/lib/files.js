// Games in and out: save as PDN (the players named), open a PDN file (a button the
// keyboard reaches, or a file dropped anywhere on the page), copy a link to the position.
import { readPdn } from '../../wasm/npm/dama.js';
import { t } from './i18n.js';
import { $ } from './dom.js';
import { announce } from './announce.js';

export function setUpFiles(ctx) {
  const play = ctx.screens.play;

  $('save').addEventListener('click', () => {
    const text = play.game.pdn({ tags: play.tags() });
    const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pdn' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `dama-${new Date().toISOString().slice(0, 10)}.pdn`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    ctx.message(t('pdn.saved'), 'info');
  });

  $('share').addEventListener('click', async () => {
    const game = ctx.screens[ctx.mode].currentGame?.() ?? play.shown();
    const url = new URL(location.href);
    url.search = '';
    url.hash = `fen=${encodeURIComponent(game.fen())}${game.rules() === 'tudaf' ? '&rules=tudaf' : ''}`;
    try {
      await navigator.clipboard.writeText(url.href);
      ctx.message(t('link.copied'), 'info');
    } catch {
      ctx.message(t('link.show', { url: url.href }), 'info');
    }
  });

  async function openText(text, name) {
    let first;
    try {
      first = readPdn(text).next().value;
    } catch (e) {
      ctx.message(t('pdn.unreadable', { name, reason: e.message }), 'error');
      return;
    }
    if (first === undefined) {
      ctx.message(t('pdn.noGame', { name }), 'error');
      return;
    }
    if (first.error) {
      const e = first.error;
      ctx.message(t('pdn.error', { name, line: e.line, column: e.column, reason: e.reason }), 'error');
      return;
    }
    const white = first.tags.White && first.tags.White !== '?' ? first.tags.White : t('side.white');
    const black = first.tags.Black && first.tags.Black !== '?' ? first.tags.Black : t('side.black');
    play.openGame(first.game);
    ctx.setMode('play');
    ctx.message(t('pdn.opened', { name, white, black, count: first.game.history().length }), 'info');
    announce(t('pdn.openedSay', { count: first.game.history().length }));
    ctx.render();
  }

  async function openFile(file) {
    if (file.size > 8 * 1024 * 1024) {
      ctx.message(t('pdn.tooLarge', { name: file.name }), 'error');
      return;
    }
    const text = await file.text();
    // A file with NUL bytes or mostly undecodable bytes is not text.
    if (text.includes('\u0000') || (text.match(/\uFFFD/g)?.length ?? 0) > text.length / 20) {
      ctx.message(t('pdn.notText', { name: file.name }), 'error');
      return;
    }
    await openText(text, file.name);
  }

  $('open-button').addEventListener('click', () => $('open').click());
  $('open').addEventListener('change', (e) => {
    const file = e.target.files?.[0];
    if (file) openFile(file);
    e.target.value = '';
  });

  let depth = 0;
  addEventListener('dragenter', (e) => {
    if (!e.dataTransfer?.types.includes('Files')) return;
    depth++;
    $('drop').hidden = false;
  });
  addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) $('drop').hidden = true;
  });
  addEventListener('dragover', (e) => {
    if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
  });
  addEventListener('drop', (e) => {
    if (!e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    depth = 0;
    $('drop').hidden = true;
    const file = e.dataTransfer.files?.[0];
    if (file) openFile(file);
  });
}
