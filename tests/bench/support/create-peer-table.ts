import type { Database } from '../../../server/db/database.ts';
import { quoteIdent } from '../../../server/rest/sql-params.ts';

/**
 * The peer's table as RxDB's Supabase replication documents it, created by the bench over the owner
 * connection (not one of Murmur's migrations): its columns plus `_deleted` and a `_modified` that a
 * trigger moves on every update, the table in the realtime publication, and RLS by user. moddatetime,
 * which the documentation's trigger calls, is a contrib extension PGlite lacks; the trigger function
 * below does what it does. The `(_modified, id)` index serves the peer's checkpoint pages, so they are
 * not slowed by a sort.
 */
export async function createPeerTable(db: Database, table: string): Promise<void> {
  const name = quoteIdent(table);
  await db.exec(/* sql */ `
    create table public.${name} (
      id text primary key,
      user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
      title text not null,
      body text not null,
      _deleted boolean not null default false,
      _modified timestamptz not null default now()
    );
    create index ${quoteIdent(`${table}_checkpoint`)} on public.${name} (_modified, id);
    create or replace function public.peer_touch_modified() returns trigger language plpgsql as $$
      begin new._modified := now(); return new; end $$;
    create trigger peer_touch_modified before update on public.${name}
      for each row execute function public.peer_touch_modified();
    -- What a hosted project's default privileges give a new table in public; the owner here has none.
    grant select, insert, update, delete on public.${name} to authenticated;
    alter table public.${name} enable row level security;
    create policy "own peer notes" on public.${name} for all to authenticated
      using (user_id = auth.uid()) with check (user_id = auth.uid());
    alter publication supabase_realtime add table public.${name};
  `);
}

/**
 * `count` notes of `userId` with the titles and bodies seedNotes gives Murmur's ("Note i", "Body of note
 * i"), one millisecond of `_modified` apart, as if written one after the other.
 */
export async function seedPeerNotes(
  db: Database,
  table: string,
  userId: string,
  count: number,
): Promise<void> {
  await db.query(
    `insert into public.${quoteIdent(table)} (id, user_id, title, body, _modified)
     select gen_random_uuid()::text, $1, 'Note ' || i, 'Body of note ' || i,
            now() - ($2 - i) * interval '1 millisecond'
       from generate_series(0, $2 - 1) as i`,
    [userId, count],
  );
}
