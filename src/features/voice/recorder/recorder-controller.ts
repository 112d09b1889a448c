import { atom, type PrimitiveAtom, type Store } from 'jotai';

import { COUNTDOWN_SECONDS, needsConfirmation, SLICE_MS, type RecorderOptions } from './recorder-options.ts';
import type { MediaRecorderLike, MediaStreamLike, RecorderPorts } from './recorder-ports.ts';

export type RecorderProblem = 'permission' | 'no_device' | 'storage' | 'failed';

export type RecorderState =
  | { kind: 'ready' }
  | { kind: 'countdown'; remaining: number }
  | { kind: 'starting' }
  | { kind: 'recording'; recordingId: string; startedAt: number }
  | { kind: 'stopping'; recordingId: string }
  | { kind: 'confirming'; recordingId: string; durationMs: number }
  | { kind: 'saving'; recordingId: string }
  | { kind: 'saved'; recordingId: string; jobId: string }
  | { kind: 'failed'; problem: RecorderProblem };

interface Session {
  recordingId: string;
  recorder: MediaRecorderLike;
  stream: MediaStreamLike;
  startedAt: number;
  options: RecorderOptions;
  /** Slice writes run one after another, in the order MediaRecorder delivered them. */
  writes: Promise<void>;
  nextSeq: number;
  writeFailed: boolean;
  /** Lets go of the recording's lock; harmless to call again. */
  release: () => void;
}

/**
 * One microphone recording at a time, headless: MediaRecorder hands over a slice every second and each
 * is stored before the next (so a closed tab loses at most the last second); stopping keeps the
 * recording, or waits for the user's decision when recording_confirmation asks for it. Only that
 * explicit discard removes audio: a question left unanswered (the tab closed, the recorder went) leaves
 * the recording on the device, and the next start offers it back.
 *
 * The recording's lock is held from its start until it is kept, discarded or left, the question
 * included, so another tab starting meanwhile does not offer it back as interrupted.
 *
 * Its state is an atom of its own in the app's Jotai store: the components read it from there, and the
 * microphone's callbacks write it there. Each controller has its own atom, so a recorder let go at
 * sign-out, still finishing its take, never writes over the next user's.
 */
export class RecorderController {
  readonly stateAtom: PrimitiveAtom<RecorderState> = atom<RecorderState>({ kind: 'ready' });
  private session: Session | null = null;
  private countdownTimer: unknown = null;
  private pendingOptions: RecorderOptions | null = null;
  /**
   * Counts starts from the microphone's side. A stop while the microphone is still opening moves it on,
   * so the start in flight knows it was withdrawn and lets go of whatever it opens.
   */
  private attempt = 0;
  /** Set while the recorder's owner is gone (see attach): nobody is left to ask whether to keep a take. */
  private closed = false;

  private readonly ports: RecorderPorts;
  private readonly logError: (message: string, error: unknown) => void;
  private readonly stateStore: Store;

  constructor(ports: RecorderPorts, logError: (message: string, error: unknown) => void, store: Store) {
    this.ports = ports;
    this.logError = logError;
    this.stateStore = store;
  }

  get state(): RecorderState {
    return this.stateStore.get(this.stateAtom);
  }

  /** The recorder's clock: a recording's timer and its stored duration read the same one. */
  now = (): number => this.ports.now();

  /** Whether a recording is under way (counting down, opening the microphone, recording or saving). */
  get busy(): boolean {
    return ['countdown', 'starting', 'recording', 'stopping', 'saving'].includes(this.state.kind);
  }

  start(options: RecorderOptions): void {
    if (this.busy || this.state.kind === 'confirming') return;
    if (!options.countdown) {
      void this.begin(options);
      return;
    }
    this.pendingOptions = options;
    this.tick(COUNTDOWN_SECONDS);
  }

  /**
   * Ends the take at any moment (a push-to-talk release can come at any of them). Counting down or still
   * opening the microphone, nothing has been recorded — MediaRecorder starts only once the microphone is
   * open and the recording's row exists — so it is back to ready with nothing kept. Recording, it stops
   * and keeps every slice (or awaits confirmation). Stopping, saving or asking: already ending.
   */
  stop(): void {
    if (this.state.kind === 'countdown') {
      this.cancelCountdown();
      this.set({ kind: 'ready' });
      return;
    }
    if (this.state.kind === 'starting') {
      this.attempt += 1;
      this.set({ kind: 'ready' });
      return;
    }
    const session = this.session;
    if (this.state.kind !== 'recording' || !session) return;
    this.set({ kind: 'stopping', recordingId: session.recordingId });
    session.recorder.stop();
  }

  async keep(): Promise<void> {
    if (this.state.kind !== 'confirming') return;
    const { recordingId, durationMs } = this.state;
    await this.save(recordingId, durationMs, this.session?.options.keepAudio ?? true);
  }

  /** The one way a stopped recording's audio goes: the user said so. */
  async discard(): Promise<void> {
    if (this.state.kind !== 'confirming') return;
    const { recordingId } = this.state;
    try {
      await this.ports.commands.discardLocalRecording(recordingId);
      this.letGo();
      this.set({ kind: 'ready' });
    } catch (error) {
      this.fail('storage', 'Discarding a recording failed', error);
    }
  }

  /**
   * Its owner (the host showing it) holds the recorder until the returned function says it is going:
   * sign-out, or the host unmounting. Then a take under way is stopped and stored as usual, and a
   * question open or still to come stays unanswered — its recording stays on the device, waiting for
   * keep or discard — with its lock let go, so the next start offers it back. Attaching again (React
   * runs an effect's cleanup and setup again in development) takes the recorder back.
   */
  attach(): () => void {
    this.closed = false;
    return () => {
      this.closed = true;
      if (this.busy) this.stop();
      if (this.state.kind === 'confirming') this.letGo();
    };
  }

  /** Back to ready after a saved or failed recording (the next start does this too). */
  reset(): void {
    if (this.state.kind === 'saved' || this.state.kind === 'failed') this.set({ kind: 'ready' });
  }

  private tick(remaining: number): void {
    if (remaining === 0) {
      const options = this.pendingOptions;
      this.pendingOptions = null;
      if (options) void this.begin(options);
      return;
    }
    this.set({ kind: 'countdown', remaining });
    this.countdownTimer = this.ports.setTimeout(() => this.tick(remaining - 1), 1000);
  }

  private cancelCountdown(): void {
    if (this.countdownTimer !== null) this.ports.clearTimeout(this.countdownTimer);
    this.countdownTimer = null;
    this.pendingOptions = null;
  }

  private async begin(options: RecorderOptions): Promise<void> {
    const attempt = ++this.attempt;
    const withdrawn = () => attempt !== this.attempt;
    this.set({ kind: 'starting' });
    let stream: MediaStreamLike;
    try {
      stream = await this.ports.getUserMedia({
        audio: options.deviceId === 'default' ? true : { deviceId: { exact: options.deviceId } },
      });
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      const problem = name === 'NotAllowedError' || name === 'SecurityError' ? 'permission' : 'no_device';
      this.failUnlessSuperseded(withdrawn(), problem, 'The microphone could not be opened', error);
      return;
    }
    if (withdrawn()) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    let recorder: MediaRecorderLike;
    let recordingId: string;
    try {
      recorder = this.ports.createRecorder(stream, { audioBitsPerSecond: options.bitsPerSecond });
      recordingId = await this.ports.commands.startLocalRecording({
        mime_type: recorder.mimeType || 'audio/webm',
        destination: options.destination,
      });
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      this.failUnlessSuperseded(withdrawn(), 'failed', 'Recording could not start', error);
      return;
    }
    if (withdrawn()) {
      // Its row exists but no audio: removed, or the next start-up would offer it back as interrupted.
      for (const track of stream.getTracks()) track.stop();
      await this.ports.commands
        .discardLocalRecording(recordingId)
        .catch((error: unknown) => this.logError('Discarding a withdrawn recording failed', error));
      return;
    }
    const session: Session = {
      recordingId,
      recorder,
      stream,
      startedAt: this.ports.now(),
      options,
      writes: Promise.resolve(),
      nextSeq: 0,
      writeFailed: false,
      release: this.ports.holdWhileRecording(recordingId),
    };
    this.session = session;
    recorder.ondataavailable = (event) => this.store(session, event.data);
    recorder.onstop = () => void this.finish(session);
    recorder.onerror = (error) => {
      this.logError('The recorder failed', error);
      if (recorder.state !== 'inactive') recorder.stop();
    };
    recorder.start(SLICE_MS);
    this.set({ kind: 'recording', recordingId, startedAt: session.startedAt });
  }

  private store(session: Session, data: Blob): void {
    if (data.size === 0) return;
    const seq = session.nextSeq++;
    const atMs = this.ports.now() - session.startedAt;
    session.writes = session.writes.then(async () => {
      if (session.writeFailed) return;
      try {
        await this.ports.commands.appendAudioChunk(session.recordingId, seq, await data.arrayBuffer(), atMs);
      } catch (error) {
        // The device is full or the database is gone: stop rather than record what cannot be kept.
        session.writeFailed = true;
        this.logError('Storing a slice of audio failed', error);
        if (session.recorder.state !== 'inactive') session.recorder.stop();
      }
    });
  }

  private async finish(session: Session): Promise<void> {
    for (const track of session.stream.getTracks()) track.stop();
    await session.writes;
    const durationMs = this.ports.now() - session.startedAt;
    if (session.writeFailed) {
      this.letGo();
      this.set({ kind: 'failed', problem: 'storage' });
      return;
    }
    if (needsConfirmation(session.options.confirmation, durationMs)) {
      try {
        await this.ports.commands.awaitConfirmation(session.recordingId, durationMs);
      } catch (error) {
        this.fail('storage', 'Stopping a recording failed', error);
        return;
      }
      // Stored as waiting for an answer: with nobody left to ask, the next start offers it back.
      if (this.closed) this.letGo();
      else this.set({ kind: 'confirming', recordingId: session.recordingId, durationMs });
      return;
    }
    await this.save(session.recordingId, durationMs, session.options.keepAudio);
  }

  private async save(recordingId: string, durationMs: number, keepAudio: boolean): Promise<void> {
    this.set({ kind: 'saving', recordingId });
    try {
      const jobId = await this.ports.commands.keepRecording(recordingId, { durationMs, keepAudio });
      this.letGo();
      this.set({ kind: 'saved', recordingId, jobId });
    } catch (error) {
      this.fail('storage', 'Keeping a recording failed', error);
    }
  }

  /** The take is over for this recorder: kept, discarded, failed or left for the next start. */
  private letGo(): void {
    this.session?.release();
    this.session = null;
  }

  /**
   * A start that was withdrawn still reports why the microphone failed when the recorder is idle — it
   * is why the next press would fail too — but never over a take or a question that came after it.
   */
  private failUnlessSuperseded(
    withdrawn: boolean,
    problem: RecorderProblem,
    message: string,
    error: unknown,
  ): void {
    if (withdrawn && this.state.kind !== 'ready') {
      this.logError(message, error);
      return;
    }
    this.fail(problem, message, error);
  }

  private fail(problem: RecorderProblem, message: string, error: unknown): void {
    this.logError(message, error);
    this.letGo();
    this.set({ kind: 'failed', problem });
  }

  private set(state: RecorderState): void {
    this.stateStore.set(this.stateAtom, state);
  }
}
