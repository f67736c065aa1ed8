// The duel's sounds: which sound a round makes, and nothing at all while the toggle is off.
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage/local-store';
import { SoundProvider } from '../sound/sound-context';
import { roundEnd } from '../../test-support/duel-events';
import { roundSound, useDuelSound } from './use-duel-sounds';

class FakeAudioContext {
  static made = 0;
  readonly state = 'running';
  readonly currentTime = 0;
  readonly sampleRate = 8_000;
  readonly destination = {};
  constructor() {
    FakeAudioContext.made += 1;
  }
  private node() {
    const node = { connect: () => node, start: () => undefined, stop: () => undefined, type: '', buffer: null, frequency: { value: 0, setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, gain: { value: 0, setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined } };
    return node;
  }
  createOscillator = () => this.node();
  createGain = () => this.node();
  createBiquadFilter = () => this.node();
  createBufferSource = () => this.node();
  createBuffer = (_channels: number, length: number) => ({ getChannelData: () => new Float32Array(length) });
  resume = async () => undefined;
}

afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => <SoundProvider>{children}</SoundProvider>;

describe('duel sounds', () => {
  it('a hit when anyone took damage, else a heal, else nothing', () => {
    expect(roundSound(roundEnd(1, 1, [90, 100], { player1: { damageTaken: 10 } }))).toBe('hit');
    expect(roundSound(roundEnd(1, 1, [100, 100], { player2: { healingReceived: 8 } }))).toBe('heal');
    expect(roundSound(roundEnd(1, 1, [100, 100]))).toBeNull();
  });

  it('plays through Web Audio only while the sound toggle is on', () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    window.localStorage.setItem(STORAGE_KEYS.sound, 'false');
    const muted = renderHook(() => useDuelSound(), { wrapper });
    act(() => muted.result.current('hit'));
    expect(FakeAudioContext.made).toBe(0);
    window.localStorage.setItem(STORAGE_KEYS.sound, 'true');
    const loud = renderHook(() => useDuelSound(), { wrapper });
    act(() => loud.result.current('hit'));
    act(() => loud.result.current('win'));
    expect(FakeAudioContext.made).toBe(1);
  });
});
