// An opt-in sound when the game comes to this player: a short beep made with WebAudio (no
// file to load), off by default; the choice is kept in the browser (localStorage
// "stranded.sound": "on" or "off").

const KEY = "stranded.sound";
let context = null;

/** Whether the person asked for the sound. */
export function soundOn() {
  return localStorage.getItem(KEY) === "on";
}

/** Keep the person's choice. */
export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

/**
 * The page's audio context, made (or resumed) when first needed. A browser lets a page make
 * sound only after a gesture on it: the toggle's click is one, and a page reloaded with the
 * sound on resumes its context at the first click or key.
 */
function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!context) {
    context = new Context();
    const wake = () => context.state === "suspended" && context.resume();
    addEventListener("pointerdown", wake, { once: true, capture: true });
    addEventListener("keydown", wake, { once: true, capture: true });
  }
  if (context.state === "suspended") context.resume().catch(() => null);
  return context;
}

/** Two short rising tones (about a third of a second), quiet. */
export function beep() {
  const ctx = audio();
  if (!ctx) return;
  const now = ctx.currentTime;
  [[660, 0], [880, 0.16]].forEach(([frequency, at]) => {
    const tone = ctx.createOscillator();
    const gain = ctx.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.15, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.15);
    tone.connect(gain).connect(ctx.destination);
    tone.start(now + at);
    tone.stop(now + at + 0.16);
  });
}
