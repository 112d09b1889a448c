/** What went wrong at a transcription provider, in terms the app can act on. */
export interface ProviderFailure {
  /** The status Murmur's function answers with. */
  status: number;
  code:
    | 'provider_unavailable'
    | 'provider_rate_limited'
    | 'audio_too_large'
    | 'audio_rejected'
    | 'provider_misconfigured';
  message: string;
  /** Whether the same request may succeed later. */
  retryable: boolean;
  retryAfterSeconds: number | null;
}

/** The provider's own message from its documented error bodies, if any (never echoes secrets). */
function providerMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  // OpenAI: { error: { message, type, code } }
  const error = record['error'];
  if (error && typeof error === 'object' && typeof (error as Record<string, unknown>)['message'] === 'string')
    return (error as Record<string, string>)['message'] ?? null;
  // ElevenLabs: { detail: { status, message } } or { detail: [{ msg }] } (validation)
  const detail = record['detail'];
  if (detail && typeof detail === 'object' && !Array.isArray(detail))
    return typeof (detail as Record<string, unknown>)['message'] === 'string'
      ? ((detail as Record<string, string>)['message'] ?? null)
      : null;
  if (Array.isArray(detail) && detail[0] && typeof detail[0] === 'object')
    return typeof (detail[0] as Record<string, unknown>)['msg'] === 'string'
      ? ((detail[0] as Record<string, string>)['msg'] ?? null)
      : null;
  return null;
}

function retryAfter(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - Date.now()) / 1000));
}

/**
 * Maps a provider's documented error answers: 401/403 mean Murmur's own key is wrong (the user can do
 * nothing; retried later in case it is fixed), 429 and 5xx are temporary, 413 and 400/422 reject this
 * audio for good.
 */
export async function providerFailure(provider: string, response: Response): Promise<ProviderFailure> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: the status says enough.
  }
  const detail = providerMessage(body);
  const status = response.status;
  if (status === 401 || status === 403)
    return {
      status: 502,
      code: 'provider_misconfigured',
      message: `${provider} refused Murmur's credentials. Your recording is kept and will be tried again.`,
      retryable: true,
      retryAfterSeconds: 3600,
    };
  if (status === 429)
    return {
      status: 429,
      code: 'provider_rate_limited',
      message: `${provider} is busy. Your recording will be transcribed a little later.`,
      retryable: true,
      retryAfterSeconds: retryAfter(response),
    };
  if (status === 413)
    return {
      status: 413,
      code: 'audio_too_large',
      message: `${provider} cannot take a recording this large.`,
      retryable: false,
      retryAfterSeconds: null,
    };
  if (status >= 400 && status < 500)
    return {
      status: 422,
      code: 'audio_rejected',
      message: `${provider} could not transcribe this recording${detail ? `: ${detail}` : '.'}`,
      retryable: false,
      retryAfterSeconds: null,
    };
  return {
    status: 503,
    code: 'provider_unavailable',
    message: `${provider} is not answering right now. Your recording will be transcribed later.`,
    retryable: true,
    retryAfterSeconds: retryAfter(response),
  };
}
