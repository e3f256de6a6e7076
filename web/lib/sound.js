// Sounds made with the Web Audio API (no files to load): short tones for a move, a capture,
// a crowning, a man one step from crowning, a refused move, the clock's last seconds and
// the end of the game. The volume and the switch come from the settings.

let context = null;
let settings = { sound: true, volume: 0.6 };

/** The settings object to read the switch and the volume from. */
export function use(s) {
  settings = s;
}

function audio() {
  if (context === null) {
    const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}

/** One tone: `freq` Hz from `at` seconds on, `length` seconds, shaped to fade out. */
function tone(ctx, at, freq, length, gain = 1, type = 'sine') {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  const peak = 0.25 * gain * settings.volume;
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(Math.max(peak, 0.0002), at + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

const SOUNDS = {
  move: [[0, 520, 0.07, 0.8, 'triangle']],
  capture: [[0, 300, 0.09, 1, 'square'], [0.07, 220, 0.1, 0.7, 'triangle']],
  crown: [[0, 660, 0.12], [0.12, 990, 0.2]],
  damaAlti: [[0, 587, 0.1, 0.7]],
  refused: [[0, 180, 0.12, 0.6, 'sawtooth']],
  lowTime: [[0, 880, 0.08, 0.6]],
  end: [[0, 523, 0.15], [0.15, 659, 0.15], [0.3, 784, 0.3]],
};

/** Plays a sound by name (see SOUNDS), unless sounds are off. */
export function play(name) {
  if (!settings.sound || settings.volume <= 0) return;
  const ctx = audio();
  if (ctx === null) return;
  const now = ctx.currentTime + 0.01;
  for (const [at, freq, length, gain, type] of SOUNDS[name] ?? []) tone(ctx, now + at, freq, length, gain, type);
}
