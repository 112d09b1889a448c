import { encodeWav, SPEECH_SAMPLE_RATE } from './wav-encoder.ts';

/**
 * A recording (WebM/Opus, as MediaRecorder makes it) as 16 kHz mono samples, what Whisper listens
 * to. Decoding and resampling run in the browser's audio engine (an OfflineAudioContext renders
 * faster than real time); they need the page, not a worker.
 */
export async function toSpeechSamples(audio: Blob): Promise<Float32Array> {
  const decoder = new AudioContext();
  let decoded: AudioBuffer;
  try {
    decoded = await decoder.decodeAudioData(await audio.arrayBuffer());
  } finally {
    void decoder.close();
  }
  const length = Math.max(1, Math.ceil(decoded.duration * SPEECH_SAMPLE_RATE));
  const offline = new OfflineAudioContext(1, length, SPEECH_SAMPLE_RATE);
  const source = offline.createBufferSource();
  source.buffer = decoded;
  source.connect(offline.destination);
  source.start();
  const rendered = await offline.startRendering();
  return rendered.getChannelData(0);
}

/** The same as 16 kHz mono WAV, the format every audio-capable model behind OpenRouter takes. */
export async function toSpeechWav(audio: Blob): Promise<Blob> {
  const samples = await toSpeechSamples(audio);
  return new Blob([encodeWav(samples, SPEECH_SAMPLE_RATE)], { type: 'audio/wav' });
}
