import { encodeWav, SPEECH_SAMPLE_RATE } from './wav-encoder.ts';

/**
 * A recording (WebM/Opus, as MediaRecorder makes it) as 16 kHz mono WAV, the format every
 * audio-capable model behind OpenRouter takes. Decoding and resampling run in the browser's audio
 * engine (an OfflineAudioContext renders faster than real time).
 */
export async function toSpeechWav(audio: Blob): Promise<Blob> {
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
  return new Blob([encodeWav(rendered.getChannelData(0), SPEECH_SAMPLE_RATE)], { type: 'audio/wav' });
}
