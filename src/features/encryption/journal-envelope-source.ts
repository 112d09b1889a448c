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

/** A re-wrap found the envelope changed since it was read (another device changed the passphrase). */
export class EnvelopeChangedError extends Error {
  constructor() {
    super('The journal’s key envelope changed on another device');
    this.name = 'EnvelopeChangedError';
  }
}

/** The envelope and the version a re-wrap replaces (the server counts it, migration 20261203000500). */
export interface JournalEnvelopeRow {
  envelope: KeyEnvelope;
  version: number;
}

/**
 * The journal's key envelope (`public.journal_keys`, ADR 0151): null while the journal is clear. What
 * the server returns is checked before a device spends any work on it.
 */
export async function fetchJournalEnvelope(userId: string): Promise<JournalEnvelopeRow | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('journal_keys')
    .select('envelope, version')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const row = data as { envelope: unknown; version: unknown };
  if (typeof row.version !== 'number') throw new Error('the key envelope came without its version');
  return { envelope: keyEnvelopeSchema.parse(row.envelope), version: row.version };
}

/**
 * Replaces the envelope read at `version` (a new passphrase's wrap): refused with EnvelopeChangedError
 * when another device changed it meanwhile, so neither device's wrap is silently dropped.
 */
export async function replaceJournalEnvelope(
  userId: string,
  read: JournalEnvelopeRow,
  envelope: KeyEnvelope,
) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('journal_keys')
    .update({ envelope })
    .eq('user_id', userId)
    .eq('version', read.version)
    .select('envelope, version');
  if (error) throw error;
  const [row] = (data ?? []) as { version: number }[];
  if (!row) throw new EnvelopeChangedError();
  return { envelope, version: row.version } satisfies JournalEnvelopeRow;
}

/** Stores a new envelope; the first device to turn encryption on wins (the primary key), see above. */
export async function storeJournalEnvelope(envelope: KeyEnvelope): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.from('journal_keys').insert({ envelope });
  if (error?.code === '23505') throw new EnvelopeTakenError();
  if (error) throw error;
}

/**
 * Removes the envelope read at `version` (turning encryption off, ADR 0152): refused with
 * EnvelopeChangedError when another device re-wrapped it meanwhile, so that re-wrap is not silently
 * undone by a confirmation given for the one before. An envelope already gone (this device's earlier
 * try whose answer was lost, or another device turning encryption off) is what was asked for.
 */
export async function removeJournalEnvelope(userId: string, version: number): Promise<void> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('journal_keys')
    .delete()
    .eq('user_id', userId)
    .eq('version', version)
    .select('version');
  if (error) throw error;
  if ((data ?? []).length > 0) return;
  if ((await fetchJournalEnvelope(userId)) !== null) throw new EnvelopeChangedError();
}
