import type { RealtimeChannel } from '@supabase/supabase-js';

/** Subscribes and resolves once the server has confirmed the join; rejects on an error or a timeout. */
export function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}
