import type { JwtClaims } from '../auth/jwt.ts';
import type { Database } from '../db/database.ts';

export interface ChannelPermissions {
  readonly read: boolean;
  readonly write: boolean;
}

class Decided extends Error {
  readonly permissions: ChannelPermissions;
  constructor(permissions: ChannelPermissions) {
    super('authorization decided');
    this.permissions = permissions;
  }
}

/**
 * Private channels are authorised by RLS on realtime.messages, as Supabase Realtime does: inside a transaction
 * that is always rolled back, a probe message for the topic is written by the owner, then, as the subscriber's
 * role and claims with `realtime.topic()` set, reading it decides `read` and inserting one decides `write`.
 */
export async function authorizeChannel(
  db: Database,
  input: { topic: string; role: string; claims: JwtClaims },
): Promise<ChannelPermissions> {
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into realtime.messages (topic, extension, event, private) values ($1, 'broadcast', 'authorization_probe', true)`,
        [input.topic],
      );
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('realtime.topic', $3, true)`,
        [input.role, JSON.stringify(input.claims), input.topic],
      );
      const { rows } = await tx.query<{ read: boolean }>(
        `select exists (select 1 from realtime.messages where topic = $1 and extension = 'broadcast') as read`,
        [input.topic],
      );
      let write = true;
      await tx.query('savepoint realtime_write_probe');
      try {
        await tx.query(
          `insert into realtime.messages (topic, extension, event, private) values ($1, 'broadcast', 'authorization_probe', true)`,
          [input.topic],
        );
      } catch {
        write = false;
        await tx.query('rollback to savepoint realtime_write_probe');
      }
      throw new Decided({ read: rows[0]?.read === true, write });
    });
  } catch (error) {
    if (error instanceof Decided) return error.permissions;
    throw error;
  }
  return { read: false, write: false };
}
