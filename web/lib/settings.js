// The player's settings, kept in localStorage, and their effect on the page's look (data
// attributes on <html> that style.css reads).

const KEY = 'dama.settings.v1';

/** Every setting, its default, and the values it may take (a function for free ones). */
export const CHOICES = {
  language: { default: null, values: null }, // null: from the browser's languages
  theme: { default: 'system', values: ['system', 'light', 'dark'] },
  board: { default: 'wood', values: ['wood', 'classic', 'green', 'blue', 'contrast'] },
  pieces: { default: 'classic', values: ['classic', 'flat', 'contrast'] },
  coordinates: { default: true, values: [true, false] },
  legalMarks: { default: true, values: [true, false] },
  lastMove: { default: true, values: [true, false] },
  animation: { default: 'normal', values: ['off', 'fast', 'normal', 'slow'] },
  confirmMoves: { default: false, values: [true, false] },
  sound: { default: true, values: [true, false] },
  volume: { default: 0.6, values: (v) => typeof v === 'number' && v >= 0 && v <= 1 },
  turnBoard: { default: true, values: [true, false] },
  playerName: { default: '', values: (v) => typeof v === 'string' && v.length <= 40 },
};

/** The milliseconds a one-step move takes to slide, by the animation setting. */
export const ANIMATION_MS = { off: 0, fast: 90, normal: 170, slow: 320 };

function valid(name, value) {
  const c = CHOICES[name];
  if (c.values === null) return value === null || (typeof value === 'string' && /^[a-z]{2,3}$/.test(value));
  return typeof c.values === 'function' ? c.values(value) : c.values.includes(value);
}

/** The settings saved, each one checked (a bad or missing value is its default). */
export function load() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') ?? {};
  } catch {
    saved = {};
  }
  const out = {};
  for (const name of Object.keys(CHOICES)) {
    out[name] = name in saved && valid(name, saved[name]) ? saved[name] : CHOICES[name].default;
  }
  return out;
}

/** Saves the settings (storage refused: they last until the page is closed). */
export function save(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage full or refused.
  }
}

/** Sets one setting if the value is allowed; whether it was. */
export function set(settings, name, value) {
  if (!(name in CHOICES) || !valid(name, value)) return false;
  settings[name] = value;
  save(settings);
  apply(settings);
  return true;
}

/** Puts the settings' look on the page. */
export function apply(settings) {
  const root = document.documentElement;
  const dark = settings.theme === 'dark' || (settings.theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  root.dataset.theme = dark ? 'dark' : 'light';
  root.dataset.board = settings.board;
  root.dataset.pieces = settings.pieces;
  root.classList.toggle('no-coordinates', !settings.coordinates);
  root.classList.toggle('no-legal-marks', !settings.legalMarks);
  root.classList.toggle('no-last-move', !settings.lastMove);
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  root.style.setProperty('--slide-ms', `${reduced ? 0 : ANIMATION_MS[settings.animation]}ms`);
}

/** The time a one-step slide takes now: 0 with reduced motion asked for by the system. */
export function slideMs(settings) {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return 0;
  return ANIMATION_MS[settings.animation];
}
