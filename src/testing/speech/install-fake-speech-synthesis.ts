import { onTestFinished } from 'vitest';

/**
 * The browser's speech synthesis is a boundary tests cannot hear: this stands in for
 * window.speechSynthesis and SpeechSynthesisUtterance (happy-dom has neither) and records what was
 * asked of it. Like Chrome, cancel() reports 'interrupted' to the utterances it dropped a moment
 * later, not during the call, so a late event from an earlier utterance can be tested.
 */
class FakeUtterance {
  text: string;
  lang = '';
  voice: SpeechSynthesisVoice | null = null;
  rate = 1;
  pitch = 1;
  volume = 1;
  onstart: ((event: { utterance: FakeUtterance }) => void) | null = null;
  onend: ((event: { utterance: FakeUtterance }) => void) | null = null;
  onerror: ((event: { utterance: FakeUtterance; error: string }) => void) | null = null;

  constructor(text = '') {
    this.text = text;
  }
}

export interface FakeSpeechSynthesis {
  /** Every utterance given to speak(), in order. */
  readonly spoken: readonly FakeUtterance[];
  /** How many times cancel() was called. */
  readonly cancels: number;
  /** What the voice is reading now, or null when silent. */
  readonly current: FakeUtterance | null;
  /** The voice reaches the end of what it reads now ('end'); the next queued utterance starts. */
  finish(): void;
}

const NAMES = ['speechSynthesis', 'SpeechSynthesisUtterance'] as const;

/**
 * Installs the fake on the test's window, or with `available: false` takes speech synthesis away, as
 * in a browser without it. Call it inside a test (or beforeEach): the window is put back when the test
 * has finished, after afterEach hooks, so components unmounted there can still stop their voice.
 */
export function installFakeSpeechSynthesis({ available = true } = {}): FakeSpeechSynthesis {
  const targets = [...new Set<object>([globalThis, window])];
  const saved = targets.map((target) =>
    NAMES.map((name) => [name, Object.getOwnPropertyDescriptor(target, name)] as const),
  );
  const spoken: FakeUtterance[] = [];
  const queue: FakeUtterance[] = [];
  let cancels = 0;

  const synthesis = {
    get speaking() {
      return queue.length > 0;
    },
    get pending() {
      return queue.length > 1;
    },
    paused: false,
    speak(utterance: FakeUtterance) {
      spoken.push(utterance);
      queue.push(utterance);
      if (queue.length === 1) utterance.onstart?.({ utterance });
    },
    cancel() {
      cancels += 1;
      const dropped = queue.splice(0);
      setTimeout(() => {
        for (const utterance of dropped) utterance.onerror?.({ utterance, error: 'interrupted' });
      }, 0);
    },
    pause() {},
    resume() {},
    getVoices: () => [],
    addEventListener() {},
    removeEventListener() {},
  };

  for (const target of targets) {
    for (const name of NAMES) Reflect.deleteProperty(target, name);
    if (!available) continue;
    Object.defineProperty(target, 'speechSynthesis', {
      value: synthesis,
      configurable: true,
      writable: true,
    });
    Object.defineProperty(target, 'SpeechSynthesisUtterance', {
      value: FakeUtterance,
      configurable: true,
      writable: true,
    });
  }

  onTestFinished(() => {
    targets.forEach((target, index) => {
      for (const [name, descriptor] of saved[index] ?? []) {
        Reflect.deleteProperty(target, name);
        if (descriptor) Object.defineProperty(target, name, descriptor);
      }
    });
  });

  return {
    spoken,
    get cancels() {
      return cancels;
    },
    get current() {
      return queue[0] ?? null;
    },
    finish() {
      const done = queue.shift();
      if (!done) throw new Error('nothing is being read');
      done.onend?.({ utterance: done });
      queue[0]?.onstart?.({ utterance: queue[0] });
    },
  };
}
