import { loadSupabase } from '../load-supabase.ts';

/**
 * Whether the user's journal is encrypted (it has a key envelope, ADR 0151), asked by what would send
 * something in clear from a device that holds no key. Throws when the server cannot tell.
 */
export async function journalIsEncrypted(userId: string): Promise<boolean> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('journal_keys')
    .select('version')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return data !== null;
}
