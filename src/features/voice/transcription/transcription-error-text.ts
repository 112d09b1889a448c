import type { TFunction } from 'i18next';

type Pattern = readonly [RegExp, string, readonly string[]];

/**
 * The English reasons a transcription job keeps (from the transcribe function and from Murmur's own
 * transports), each with the translation key that says it in the user's language. Jobs store the English
 * text, so a reason recorded before a language change still reads in the language now chosen; the
 * captured parts (a provider's name, a status, a provider's own detail) are passed through.
 */
const PATTERNS: readonly Pattern[] = [
  [/^Sign in to transcribe recordings\.$/, 'signIn', []],
  [/^This account uses two-step verification: sign in with its code first\.$/, 'secondStep', []],
  [/^Transcription is part of Premium and the free trial\.$/, 'premium', []],
  [/^Please try again in a moment\.$/, 'tryAgain', []],
  [/^The recording is missing\.$/, 'audioMissing', []],
  [/^Recordings up to 25 MB can be transcribed\.$/, 'tooLarge', []],
  [/^Recordings of type (.*) cannot be transcribed\.$/, 'audioType', ['type']],
  [/^Transcription is not set up on this server yet\.$/, 'notSetUp', []],
  [/^The transcription service could not be reached\.(?: It will be tried again\.)?$/, 'unreachable', []],
  [
    /^(.+) refused Murmur's credentials\. Your recording is kept and will be tried again\.$/,
    'credentials',
    ['provider'],
  ],
  [/^(.+) is busy\. Your recording will be transcribed a little later\.$/, 'busy', ['provider']],
  [/^(.+) cannot take a recording this large\.$/, 'providerTooLarge', ['provider']],
  [/^(.+) could not transcribe this recording: (.+)$/, 'rejectedWithDetail', ['provider', 'detail']],
  [/^(.+) could not transcribe this recording\.$/, 'rejected', ['provider']],
  [
    /^(.+) is not answering right now\. Your recording will be transcribed later\.$/,
    'notAnswering',
    ['provider'],
  ],
  [/^Transcription failed \((\d+)\)\.$/, 'failedStatus', ['status']],
  [/^The transcription service answered without text\.$/, 'noText', []],
  [/^The audio of this recording is no longer on this device\.$/, 'audioGone', []],
  [/^OpenRouter did not accept your API key\./, 'openRouterKey', []],
  [/^Your OpenRouter account has no credits left\./, 'openRouterCredits', []],
  [/^OpenRouter is limiting requests\./, 'openRouterBusy', []],
  [/^Add your OpenRouter API key in Settings → Transcription, then retry\.$/, 'openRouterNoKey', []],
];

/** A stored transcription failure in the user's language; an unknown reason is shown as it is. */
export function transcriptionErrorText(reason: string, t: TFunction): string {
  for (const [pattern, key, names] of PATTERNS) {
    const match = pattern.exec(reason);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
    return t(`voice.errors.${key}`, values);
  }
  return reason;
}
