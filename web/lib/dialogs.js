// The page's dialogs: a new game, the settings, the keyboard shortcuts, resigning and
// answering a draw offer.
import { $ } from './dom.js';
import * as settingsStore from './settings.js';

export function setUpDialogs(ctx) {
  const play = ctx.screens.play;

  // New game.
  $('new-game').addEventListener('close', () => {
    if ($('new-game').returnValue !== 'start') return;
    const form = $('new-game-form');
    const setup = {
      opponent: form.elements.opponent.value,
      human: form.elements.human.value,
      level: form.elements.level.value,
      rules: form.elements.rules.value,
      time: form.elements.time.value,
    };
    // From the editor's position (its side to move and pieces) when it asked for the game.
    const from = play.startFrom;
    play.startFrom = null;
    play.newGame(setup, from?.fen);
  });
  const syncOpponent = () => {
    const form = $('new-game-form');
    const computer = form.elements.opponent.value === 'computer';
    $('new-game-computer').disabled = !computer;
  };
  $('new-game-form').addEventListener('change', syncOpponent);

  // Resign and draw answers.
  $('resign-dialog').addEventListener('close', () => {
    if ($('resign-dialog').returnValue === 'yes') play.confirmResign();
  });
  $('draw-dialog').addEventListener('close', () => play.answerDraw($('draw-dialog').returnValue === 'yes'));

  // Settings: each control bound to its setting.
  const form = $('settings-form');
  const fill = () => {
    for (const el of form.elements) {
      if (!el.name || !(el.name in ctx.settings)) continue;
      const value = ctx.settings[el.name];
      if (el.type === 'checkbox') el.checked = value;
      else if (el.type === 'range') el.value = String(Math.round(value * 100));
      else if (el.type === 'radio') el.checked = el.value === String(value);
      else el.value = value ?? '';
    }
  };
  $('settings-button').addEventListener('click', () => {
    fill();
    $('settings-dialog').showModal();
  });
  form.addEventListener('input', (e) => {
    const el = e.target;
    if (!el.name) return;
    let value;
    if (el.type === 'checkbox') value = el.checked;
    else if (el.type === 'range') value = Number(el.value) / 100;
    else value = el.value;
    settingsStore.set(ctx.settings, el.name, value);
    ctx.render();
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => settingsStore.apply(ctx.settings));

  // Keyboard shortcuts.
  $('help-button').addEventListener('click', () => $('help-dialog').showModal());

  // A dialog's close button and Escape both close it; the focus goes back to the page.
  for (const d of document.querySelectorAll('dialog')) {
    d.addEventListener('close', () => {
      if (document.activeElement === document.body) $('board').querySelector('[tabindex="0"]')?.focus({ preventScroll: true });
    });
  }
}
