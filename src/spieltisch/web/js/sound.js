// The sounds of the game page, synthesised with WebAudio (no sound files to fetch): a
// move, a capture, the start and the end of a game, low time, your turn. One switch,
// remembered; on by default on a desktop, off on a phone (a touch screen).
const KEY = "spieltisch.sound";
let context = null;

export function soundOn() {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored === "on" || stored === "off") return stored === "on";
  } catch { /* storage may be disabled */ }
  return !(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
}

export function setSound(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* not remembered */ }
  if (on) audio();
}

function audio() {
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return null;
  if (!context) context = new Audio();
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

// A browser lets a page start sound only after a gesture: the first one wakes it.
for (const kind of ["pointerdown", "keydown"]) {
  window.addEventListener(kind, () => { if (soundOn()) audio(); }, { once: true, capture: true });
}

function tone(ac, at, freq, length, { type = "sine", gain = 0.18, to = null } = {}) {
  const osc = ac.createOscillator();
  const amp = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, at + length);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(ac.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

// A short knock of filtered noise: a piece set down on wood.
function knock(ac, at, { freq = 900, length = 0.07, gain = 0.5 } = {}) {
  const frames = Math.ceil(ac.sampleRate * length);
  const buffer = ac.createBuffer(1, frames, ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / frames, 4);
  const source = ac.createBufferSource();
  source.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = 1.2;
  const amp = ac.createGain();
  amp.gain.value = gain;
  source.connect(filter).connect(amp).connect(ac.destination);
  source.start(at);
}

const SOUNDS = {
  move: (ac, at) => { knock(ac, at, { freq: 750 }); tone(ac, at, 180, 0.06, { gain: 0.12 }); },
  capture: (ac, at) => { knock(ac, at, { freq: 1100, gain: 0.7 }); knock(ac, at + 0.06, { freq: 600, gain: 0.5 }); tone(ac, at, 140, 0.1, { gain: 0.15 }); },
  start: (ac, at) => { [523, 659, 784].forEach((f, i) => tone(ac, at + i * 0.09, f, 0.16, { type: "triangle" })); },
  end: (ac, at) => { [784, 659, 523].forEach((f, i) => tone(ac, at + i * 0.11, f, 0.22, { type: "triangle" })); tone(ac, at + 0.33, 392, 0.5, { type: "triangle", gain: 0.12 }); },
  lowtime: (ac, at) => { tone(ac, at, 880, 0.09, { type: "square", gain: 0.06 }); tone(ac, at + 0.16, 880, 0.09, { type: "square", gain: 0.06 }); },
  turn: (ac, at) => { tone(ac, at, 988, 0.18, { gain: 0.1 }); tone(ac, at + 0.08, 1319, 0.25, { gain: 0.08 }); },
};

// Play `name` (if sound is on). Every sound asked for is listed in `window.spieltischSounds`
// (for the page's tests), played or muted.
export function play(name) {
  (window.spieltischSounds = window.spieltischSounds || []).push(name);
  if (!soundOn() || !SOUNDS[name]) return;
  const ac = audio();
  if (!ac || ac.state !== "running") return;
  try { SOUNDS[name](ac, ac.currentTime + 0.01); } catch { /* a sound is never worth an error */ }
}
