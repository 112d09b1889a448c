import { loadSupabase } from '../../lib/load-supabase.ts';
import type { KeyEnvelope } from '../../sync/crypto/key-envelope.ts';
import { keyEnvelopeSchema } from '../../sync/crypto/key-envelope-schema.ts';

/** Another device turned encryption on first: its key is the journal's, and this device adopts it. */
export class EnvelopeTakenError extends Error {
  constructor() {
    super('This journal was encrypted from another device first');
    this.name = 'EnvelopeTakenError';
  }
}

/**
 * The journal's key envelope (`public.journal_keys`, ADR 0151): null while the journal is clear. What
 * the server returns is checked before a device spends any work on it.
 */
export async function fetchJournalEnvelope(userId: string): Promise<KeyEnvelope | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('journal_keys')
    .select('envelope')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  return keyEnvelopeSchema.parse((data as { envelope: unknown }).envelope);
}

/** Stores a new envelope; the first device to turn encryption on wins (the primary key), see above. */
export async function storeJournalEnvelope(envelope: KeyEnvelope): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.from('journal_keys').insert({ envelope });
  if (error?.code === '23505') throw new EnvelopeTakenError();
  if (error) throw error;
}
