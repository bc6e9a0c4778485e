// Sounds synthesized with WebAudio: no sound files. Browsers start audio
// only after a gesture, so the context is made on the first one.
import { get } from './settings.js';

let ctx = null;
const wake = () => {
  if (!ctx && window.AudioContext) ctx = new AudioContext();
  if (ctx && ctx.state === 'suspended') ctx.resume();
};
addEventListener('pointerdown', wake, { capture: true });
addEventListener('keydown', wake, { capture: true });

// A short tone: frequency f (Hz) gliding to f2, for d seconds, at volume v.
function tone(f, d, v, { f2 = f, type = 'sine', at = 0 } = {}) {
  const t = ctx.currentTime + at, o = ctx.createOscillator(), g = ctx.createGain();
  o.type = type;
  o.frequency.setValueAtTime(f, t);
  o.frequency.exponentialRampToValueAtTime(f2, t + d);
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(v, t + 0.008);
  g.gain.exponentialRampToValueAtTime(0.0001, t + d);
  o.connect(g).connect(ctx.destination);
  o.start(t);
  o.stop(t + d + 0.02);
}

// A burst of filtered noise, the knock of a piece taken.
function knock(d, v, freq) {
  const n = Math.floor(ctx.sampleRate * d), buf = ctx.createBuffer(1, n, ctx.sampleRate), data = buf.getChannelData(0);
  for (let i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / n) ** 3;
  const src = ctx.createBufferSource(), f = ctx.createBiquadFilter(), g = ctx.createGain();
  src.buffer = buf;
  f.type = 'bandpass';
  f.frequency.value = freq;
  g.gain.value = v;
  src.connect(f).connect(g).connect(ctx.destination);
  src.start();
}

const sounds = {
  move: () => { tone(220, 0.07, 0.35, { f2: 140, type: 'triangle' }); knock(0.04, 0.5, 1800); },
  capture: () => { knock(0.12, 1.2, 900); tone(160, 0.1, 0.3, { f2: 90, type: 'triangle' }); },
  check: () => { tone(880, 0.12, 0.18, { type: 'square' }); tone(660, 0.16, 0.18, { type: 'square', at: 0.11 }); },
  turn: () => { tone(660, 0.18, 0.12); tone(990, 0.25, 0.1, { at: 0.09 }); },
  low: () => tone(1200, 0.06, 0.12, { type: 'square' }),
  end: () => { tone(523, 0.2, 0.15); tone(659, 0.2, 0.15, { at: 0.15 }); tone(784, 0.35, 0.15, { at: 0.3 }); },
};

/** Plays sound name unless muted or audio is not yet allowed. */
export function play(name) {
  if (!get('sound') || !ctx || ctx.state !== 'running' || !sounds[name]) return;
  try { sounds[name](); } catch { /* audio is a nicety */ }
}
