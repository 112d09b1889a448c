-- End-to-end encryption's key envelope (ADR 0151, issue 56): the journal's data key, wrapped on the
-- device by a key from the passphrase, by the recovery key and later by a passkey. The server stores
-- only these wraps; it can unwrap none of them. One row per user: the row exists while the journal is
-- encrypted.
--
-- The envelope is not a synced table: it changes rarely (turning encryption on, changing the
-- passphrase), must be read before anything synced can be read, and two devices that turn encryption on
-- at once must agree on one key — the primary key lets the first insert win and the other device adopt
-- it. `version` guards a re-wrap: an update names the version it replaces.
create table public.journal_keys (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  envelope jsonb not null
    constraint journal_keys_envelope_is_object check (jsonb_typeof(envelope) = 'object')
    constraint journal_keys_envelope_size check (pg_column_size(envelope) <= 16384),
  version integer not null default 1 constraint journal_keys_version_positive check (version > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

alter table public.journal_keys enable row level security;

-- The owner alone reads and writes the row, and only after the second step where a factor is enrolled
-- (the same restrictive policy every user table has, 20261203000100).
create policy "owners read their key envelope" on public.journal_keys for select to authenticated
  using ((select auth.uid()) = user_id);
create policy "owners store their key envelope" on public.journal_keys for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy "owners re-wrap their key envelope" on public.journal_keys for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "owners remove their key envelope" on public.journal_keys for delete to authenticated
  using ((select auth.uid()) = user_id);
create policy "two-step verification where enrolled" on public.journal_keys as restrictive for all
  to authenticated using ((select sync_access.second_step_done()))
  with check ((select sync_access.second_step_done()));

-- A re-wrap moves the version on by one and the clock of the change; the client cannot set either.
create function sync_private.journal_keys_stamp() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    new.created_at := now();
  else
    new.user_id := old.user_id;
    new.version := old.version + 1;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  return new;
end
$$;
revoke all on function sync_private.journal_keys_stamp() from public;

create trigger journal_keys_stamp before insert or update on public.journal_keys
  for each row execute function sync_private.journal_keys_stamp();

-- Hosted projects grant nothing in `public` by default: the owner's client needs all four verbs on its
-- own row (RLS above scopes them), the service role the same for account deletion and support.
revoke all on public.journal_keys from anon, authenticated;
grant select, insert, update, delete on public.journal_keys to authenticated, service_role;
