// The duel's sounds, synthesized with Web Audio (no files to download): a hit is a noise burst on
// a falling thump, a heal a rising chime, the last seconds a short tick, the result a few notes.
export type DuelSound = 'hit' | 'heal' | 'tick' | 'win' | 'lose' | 'draw';

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

interface Tone {
  readonly type: OscillatorType;
  readonly from: number;
  readonly to: number;
  readonly at: number;
  readonly duration: number;
  readonly gain: number;
}

function tone(ctx: AudioContext, { type, from, to, at, duration, gain }: Tone): void {
  const start = ctx.currentTime + at;
  const oscillator = ctx.createOscillator();
  const volume = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(from, start);
  oscillator.frequency.exponentialRampToValueAtTime(to, start + duration);
  volume.gain.setValueAtTime(gain, start);
  volume.gain.exponentialRampToValueAtTime(0.001, start + duration);
  oscillator.connect(volume).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + duration + 0.02);
}

function noise(ctx: AudioContext, duration: number, gain: number): void {
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * duration), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
  const source = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  const volume = ctx.createGain();
  source.buffer = buffer;
  filter.type = 'lowpass';
  filter.frequency.value = 1_400;
  volume.gain.value = gain;
  source.connect(filter).connect(volume).connect(ctx.destination);
  source.start();
}

const NOTES = { C5: 523.25, E5: 659.25, G5: 783.99, C6: 1046.5, A4: 440, F4: 349.23, D4: 293.66 } as const;

function melody(ctx: AudioContext, notes: readonly number[], step: number, type: OscillatorType = 'triangle'): void {
  notes.forEach((note, index) => tone(ctx, { type, from: note, to: note * 1.01, at: index * step, duration: step * 1.6, gain: 0.16 }));
}

export function playDuelSound(sound: DuelSound): void {
  const ctx = audio();
  if (!ctx) return;
  switch (sound) {
    case 'hit':
      noise(ctx, 0.18, 0.35);
      tone(ctx, { type: 'sine', from: 180, to: 50, at: 0, duration: 0.22, gain: 0.5 });
      return;
    case 'heal':
      tone(ctx, { type: 'sine', from: 520, to: 1_040, at: 0, duration: 0.35, gain: 0.18 });
      tone(ctx, { type: 'triangle', from: 780, to: 1_560, at: 0.08, duration: 0.3, gain: 0.1 });
      return;
    case 'tick':
      tone(ctx, { type: 'square', from: 1_200, to: 1_150, at: 0, duration: 0.06, gain: 0.08 });
      return;
    case 'win':
      melody(ctx, [NOTES.C5, NOTES.E5, NOTES.G5, NOTES.C6], 0.12);
      return;
    case 'lose':
      melody(ctx, [NOTES.A4, NOTES.F4, NOTES.D4], 0.18, 'sawtooth');
      return;
    case 'draw':
      melody(ctx, [NOTES.E5, NOTES.E5], 0.16);
      return;
  }
}
