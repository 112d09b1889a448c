import {
  requestedLanguage,
  TranscriptionFailure,
  type TranscriptionSettings,
  type TranscriptionTransport,
  type TranscriptResult,
} from './transcription-transport.ts';

export const OPENROUTER_BASE_URL = 'https://openrouter.ai';

export interface OpenRouterPorts {
  baseUrl: string;
  fetch: typeof fetch;
  /** The recording as WAV (OpenRouter's providers all take it). */
  toWav: (audio: Blob) => Promise<Blob>;
  online: () => boolean;
}

function base64(bytes: ArrayBuffer): string {
  let binary = '';
  const view = new Uint8Array(bytes);
  for (let i = 0; i < view.length; i += 0x8000)
    binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}

function instruction(settings: TranscriptionSettings): string {
  const language = requestedLanguage(settings);
  return [
    'Transcribe this recording word for word. Answer with the transcript only, no comments.',
    language
      ? `The speech is in the language with code "${language}".`
      : 'Keep the language it is spoken in.',
    settings.auto_punctuation ? 'Add punctuation and capital letters.' : 'Do not add punctuation.',
  ].join(' ');
}

/** OpenRouter's documented errors ({ error: { code, message } }) in words the user can act on. */
async function failureFrom(response: Response, model: string): Promise<TranscriptionFailure> {
  let detail = '';
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') detail = body.error.message;
  } catch {
    // Not JSON: the status says enough.
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  switch (response.status) {
    case 401:
      return new TranscriptionFailure(
        'OpenRouter did not accept your API key. Check it in Settings → Transcription, then retry.',
        { retryable: false },
      );
    case 402:
      return new TranscriptionFailure(
        'Your OpenRouter account has no credits left. Add credits, then retry.',
        { retryable: false },
      );
    case 400:
      return new TranscriptionFailure(
        `OpenRouter could not transcribe with ${model}${detail ? `: ${detail}` : ''}. Choose a model that takes audio, then retry.`,
        { retryable: false },
      );
    case 403:
      return new TranscriptionFailure(`OpenRouter refused this recording${detail ? `: ${detail}` : '.'}`, {
        retryable: false,
      });
    case 429:
      return new TranscriptionFailure(
        'OpenRouter is limiting requests. Your recording will be transcribed a little later.',
        {
          retryable: true,
          retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
        },
      );
    default:
      return new TranscriptionFailure(
        `OpenRouter is not answering right now (${response.status}). It will be tried again.`,
        { retryable: true },
      );
  }
}

/**
 * Transcription through OpenRouter with the user's own key, straight from the browser (the key never
 * passes through Murmur's server): a chat completion with the recording as an `input_audio` part.
 */
export function openRouterTransport(ports: OpenRouterPorts): TranscriptionTransport {
  return {
    async transcribe(audio: Blob, settings: TranscriptionSettings): Promise<TranscriptResult> {
      const key = settings.openrouter_api_key?.trim();
      if (!key)
        throw new TranscriptionFailure(
          'Add your OpenRouter API key in Settings → Transcription, then retry.',
          { retryable: false },
        );
      const model = settings.preferred_model.trim() || 'openrouter/auto';
      let wav: Blob;
      try {
        wav = await ports.toWav(audio);
      } catch (error) {
        throw new TranscriptionFailure(
          `The recording could not be prepared for OpenRouter: ${error instanceof Error ? error.message : String(error)}`,
          { retryable: false },
        );
      }
      let response: Response;
      try {
        response = await ports.fetch(`${ports.baseUrl}/api/v1/chat/completions`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${key}`,
            'Content-Type': 'application/json',
            'X-Title': 'Murmur',
          },
          body: JSON.stringify({
            model,
            messages: [
              {
                role: 'user',
                content: [
                  { type: 'text', text: instruction(settings) },
                  {
                    type: 'input_audio',
                    input_audio: { data: base64(await wav.arrayBuffer()), format: 'wav' },
                  },
                ],
              },
            ],
          }),
        });
      } catch (error) {
        throw new TranscriptionFailure(
          `OpenRouter could not be reached: ${error instanceof Error ? error.message : String(error)}`,
          {
            retryable: true,
            offline: !ports.online(),
          },
        );
      }
      if (!response.ok) throw await failureFrom(response, model);
      const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
      const text = body.choices?.[0]?.message?.content;
      if (typeof text !== 'string' || text.trim() === '')
        throw new TranscriptionFailure(
          `${model} answered without a transcript. Choose a model that takes audio, then retry.`,
          { retryable: false },
        );
      return { text: text.trim(), language: requestedLanguage(settings), segments: [] };
    },
  };
}
