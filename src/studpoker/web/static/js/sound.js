// Table sounds made with WebAudio (no sound files): a card dealt, chips, your turn.
// Muted or not is remembered in localStorage ("studpoker.mute").

const KEY = "studpoker.mute";
let ctx = null;
const listeners = new Set();

export function muted() {
  return localStorage.getItem(KEY) === "1";
}

export function setMuted(value) {
  localStorage.setItem(KEY, value ? "1" : "0");
  for (const fn of listeners) fn(value);
}

export function onMute(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function audio() {
  if (muted()) return null;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  if (!ctx) {
    try {
      ctx = new Ctx();
    } catch {
      return null;
    }
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx.state === "running" ? ctx : null;
}

// browsers start audio only after a gesture: wake the context on the first one
for (const type of ["pointerdown", "keydown"]) {
  window.addEventListener(type, () => {
    if (!muted()) audio();
  }, {once: true, capture: true});
}

function tone(ac, {freq, start = 0, length = 0.12, type = "sine", gain = 0.08, slide = 0}) {
  const t = ac.currentTime + start;
  const osc = ac.createOscillator();
  const g = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  if (slide) osc.frequency.exponentialRampToValueAtTime(freq * slide, t + length);
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(gain, t + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t + length);
  osc.connect(g).connect(ac.destination);
  osc.start(t);
  osc.stop(t + length + 0.02);
}

function noise(ac, {start = 0, length = 0.05, gain = 0.12, freq = 2500}) {
  const t = ac.currentTime + start;
  const frames = Math.ceil(ac.sampleRate * length);
  const buffer = ac.createBuffer(1, frames, ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 2;
  const src = ac.createBufferSource();
  src.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  const g = ac.createGain();
  g.gain.value = gain;
  src.connect(filter).connect(g).connect(ac.destination);
  src.start(t);
}

const SOUNDS = {
  deal: (ac) => noise(ac, {length: 0.06, freq: 3200, gain: 0.25}),
  chips: (ac) => {
    noise(ac, {length: 0.03, freq: 5200, gain: 0.3});
    noise(ac, {start: 0.05, length: 0.03, freq: 4600, gain: 0.25});
    tone(ac, {freq: 2400, start: 0.01, length: 0.05, type: "triangle", gain: 0.03});
  },
  turn: (ac) => {
    tone(ac, {freq: 660, length: 0.14, type: "triangle", gain: 0.09});
    tone(ac, {freq: 880, start: 0.13, length: 0.2, type: "triangle", gain: 0.09});
  },
  win: (ac) => {
    tone(ac, {freq: 523, length: 0.12, gain: 0.07});
    tone(ac, {freq: 659, start: 0.1, length: 0.12, gain: 0.07});
    tone(ac, {freq: 784, start: 0.2, length: 0.22, gain: 0.07});
  },
};

/** Play "deal", "chips", "turn" or "win" (nothing when muted or before any gesture). */
export function play(name) {
  // said on the page too (what a sound means, for tests and for anything listening)
  window.dispatchEvent(new CustomEvent("studpoker:sound", {detail: {name, muted: muted()}}));
  const ac = audio();
  if (!ac || !SOUNDS[name]) return;
  try {
    SOUNDS[name](ac);
  } catch {
    // a sound is never worth an error
  }
}
