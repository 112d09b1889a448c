import type { User } from '@supabase/supabase-js';

/**
 * A user needs onboarding until they have finished (or skipped) it once; the moment is kept in the
 * account's user metadata, so it follows them to every device.
 */
export function needsOnboarding(user: User | null): boolean {
  if (!user) return false;
  // A stored session may come from an older client without user_metadata: read it defensively.
  const metadata = user.user_metadata as Record<string, unknown> | undefined;
  return typeof metadata?.['onboarded_at'] !== 'string';
}

/** What someone may want to journal about; the keys are stored, the labels translated. */
export const JOURNAL_TOPICS = ['thoughts', 'gratitude', 'mood', 'dreams', 'work', 'health'] as const;
export type JournalTopic = (typeof JOURNAL_TOPICS)[number];
