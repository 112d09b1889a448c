import type { MediaRecorderLike, RecorderPorts } from '../../features/voice/recorder/recorder-ports.ts';

/** Stands in for the browser's MediaRecorder: the test decides when slices arrive. */
export class FakeMediaRecorder implements MediaRecorderLike {
  readonly mimeType = 'audio/webm;codecs=opus';
  state: MediaRecorderLike['state'] = 'inactive';
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  slice(...bytes: number[]) {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(bytes)]) });
  }
  /** Like the browser: the last slice arrives, then `stop`. */
  stop() {
    this.state = 'inactive';
    this.slice(0xff);
    this.onstop?.();
  }
}

interface Timer {
  at: number;
  run: () => void;
}

/**
 * The browser's side of the recorder in tests (the true boundary: getUserMedia, MediaRecorder, timers,
 * Web Locks): a microphone the test may refuse, or keep unanswered as an open permission prompt does,
 * recorders whose slices the test hands over, and a clock and timers that move only when told.
 */
export class FakeMicrophone {
  now = Date.UTC(2026, 10, 22, 8);
  permission: 'granted' | 'denied' | 'missing' = 'granted';
  /** While true, getUserMedia answers only on `answer()` — a permission prompt the user has not decided. */
  prompting = false;
  readonly constraints: MediaStreamConstraints[] = [];
  readonly recorderOptions: MediaRecorderOptions[] = [];
  /** Recordings whose lock is held (other tabs can tell they are alive). */
  readonly held = new Set<string>();
  tracksStopped = 0;
  private latest: FakeMediaRecorder | null = null;
  private readonly timers: Timer[] = [];
  private readonly prompts: (() => void)[] = [];

  /** The recorder made last. */
  get recorder(): FakeMediaRecorder {
    if (!this.latest) throw new Error('No MediaRecorder was made yet');
    return this.latest;
  }

  /** Moves the clock on and runs the timers that came due. */
  advance(ms: number): void {
    this.now += ms;
    for (const timer of this.timers.filter((t) => t.at <= this.now)) {
      this.timers.splice(this.timers.indexOf(timer), 1);
      timer.run();
    }
  }

  /** Answers every open prompt with the current `permission`. */
  answer(): void {
    for (const prompt of this.prompts.splice(0)) prompt();
  }

  ports(commands: RecorderPorts['commands']): RecorderPorts {
    return {
      getUserMedia: (wanted) => {
        this.constraints.push(wanted);
        const decide = () => {
          if (this.permission === 'denied') throw new DOMException('denied', 'NotAllowedError');
          if (this.permission === 'missing') throw new DOMException('none', 'NotFoundError');
          return { getTracks: () => [{ stop: () => void (this.tracksStopped += 1) }] };
        };
        if (!this.prompting) return Promise.resolve().then(decide);
        return new Promise((resolve) => this.prompts.push(() => resolve(Promise.resolve().then(decide))));
      },
      createRecorder: (_stream, options) => {
        this.recorderOptions.push(options);
        this.latest = new FakeMediaRecorder();
        return this.latest;
      },
      now: () => this.now,
      setTimeout: (run, ms) => {
        const timer = { at: this.now + ms, run };
        this.timers.push(timer);
        return timer;
      },
      clearTimeout: (handle) => {
        const index = this.timers.indexOf(handle as Timer);
        if (index >= 0) this.timers.splice(index, 1);
      },
      holdWhileRecording: (id) => {
        this.held.add(id);
        return () => this.held.delete(id);
      },
      commands,
    };
  }
}
