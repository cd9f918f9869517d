/**
 * Writes the four audio cues (web/public/audio/audio_1.wav .. audio_4.wav): short 16-bit mono PCM tones with soft
 * attack and exponential decay, a few harmonics, so they sound like small bells rather than beeps.
 * Run: npx tsx web/scripts/make-audio.ts (the files are committed; rerun only to change them).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const RATE = 22_050;

interface Note { freq: number; at: number; length: number; gain?: number }

function render(notes: Note[], seconds: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (const { freq, at, length, gain = 0.5 } of notes) {
    const start = Math.round(at * RATE);
    const n = Math.round(length * RATE);
    for (let i = 0; i < n && start + i < out.length; i++) {
      const t = i / RATE;
      const attack = Math.min(1, t / 0.008); // no click at the start
      const decay = Math.exp(-t * (5 / length));
      const tone = Math.sin(2 * Math.PI * freq * t) + 0.35 * Math.sin(4 * Math.PI * freq * t) + 0.12 * Math.sin(6 * Math.PI * freq * t);
      out[start + i] += gain * attack * decay * tone / 1.47;
    }
  }
  return out;
}

function wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => { data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32_767), i * 2); });
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVE', 8);
  head.write('fmt ', 12);
  head.writeUInt32LE(16, 16); // fmt chunk size
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(RATE, 24);
  head.writeUInt32LE(RATE * 2, 28); // byte rate
  head.writeUInt16LE(2, 32); // block align
  head.writeUInt16LE(16, 34); // bits per sample
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

export const CUES: Record<string, { notes: Note[]; seconds: number }> = {
  // Chime: a major third, E6 over C6.
  audio_1: { seconds: 0.7, notes: [{ freq: 1046.5, at: 0, length: 0.6 }, { freq: 1318.5, at: 0.09, length: 0.6 }] },
  // Bell: one low-ish bell note with a long tail.
  audio_2: { seconds: 0.9, notes: [{ freq: 784, at: 0, length: 0.85, gain: 0.6 }] },
  // Rising: three quick notes up a major triad.
  audio_3: { seconds: 0.6, notes: [{ freq: 659.3, at: 0, length: 0.25 }, { freq: 784, at: 0.1, length: 0.25 }, { freq: 1046.5, at: 0.2, length: 0.38 }] },
  // Double tap: the same high note twice.
  audio_4: { seconds: 0.45, notes: [{ freq: 1568, at: 0, length: 0.16, gain: 0.45 }, { freq: 1568, at: 0.17, length: 0.25, gain: 0.45 }] },
};

const dir = join(import.meta.dirname, '..', 'public', 'audio');
mkdirSync(dir, { recursive: true });
for (const [name, cue] of Object.entries(CUES)) {
  const file = join(dir, `${name}.wav`);
  writeFileSync(file, wav(render(cue.notes, cue.seconds)));
  console.log(file);
}
