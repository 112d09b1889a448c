-- Murmur sync: a poke carries its transaction's rows when they are few and small (docs/sync.md R27a,
-- docs/adr/0116).
--
-- A poke was a hint only: every device that got it then asked sync_pull for the rows after its cursor,
-- a round trip to the server and a query there before a check-in saved on one device could show on
-- another. The transaction that moves a user's clock holds the clock's row lock from its first version
-- to its commit, so the versions after the clock it found and up to the one it commits with are its
-- own, every one of them: the rows holding them are exactly what sync_pull would answer a device whose
-- cursor is that first clock. When there are at most 20 such rows and their JSON is at most 6,000 bytes,
-- the poke carries them with that first clock as `from`; a device applies them only if its cursor is
-- exactly `from` (and no push of its own was acknowledged after the page that brought it there), and
-- otherwise pulls as before. Larger transactions poke as before: 6,000 bytes keep the whole message
-- under PostgreSQL's 8,000-byte NOTIFY limit, through which the local backend broadcasts it, and far
-- under the hosted Realtime's message limit.
--
-- The clock before the transaction is the OLD version of the transaction's first clock update (0 for a
-- clock row it inserts). Deferred trigger events fire in the order they were queued, so the first event
-- of each user records it in a transaction-local setting, and the event holding the final version reads
-- it back.

create or replace function sync_private.poke_on_clock() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  first_clock_setting constant text := 'murmur_poke.from_' || replace(new.user_id::text, '-', '');
  from_version bigint;
  page json;
  row_count integer;
begin
  if new.version = 0 or (tg_op = 'UPDATE' and new.version = old.version) then return null; end if;
  from_version := nullif(current_setting(first_clock_setting, true), '')::bigint;
  if from_version is null then
    from_version := case when tg_op = 'INSERT' then 0 else old.version end;
    perform set_config(first_clock_setting, from_version::text, true);
  end if;
  if new.version <> (select c.version from public.sync_clock c where c.user_id = new.user_id) then
    return null;
  end if;
  -- A cursor below the horizon must reset (R26): such a device gets no rows to apply.
  if from_version >= new.min_valid_cursor then
    select json_agg(json_build_object(
             'table', p.table_name, 'id', p.id, 'version', p.version, 'data', p.data, 'hlc', p.hlc)
             order by p.version),
           count(*)
      into page, row_count
      from sync_private.page_rows(new.user_id, from_version, new.version, 21) p;
  end if;
  if page is not null and row_count <= 20 and octet_length(page::text) <= 6000 then
    perform realtime.send(jsonb_build_object('version', new.version, 'from', from_version, 'rows', page::jsonb),
                          'poke', 'user:' || new.user_id::text, true);
  else
    perform realtime.send(jsonb_build_object('version', new.version), 'poke', 'user:' || new.user_id::text, true);
  end if;
  return null;
end
$$;

-- A poke's rows are the user's journal, kept in realtime.messages as long as Realtime keeps its
-- messages. A deleted account takes them with it, as its tables' rows go by their foreign keys.
create function sync_private.on_auth_user_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from realtime.messages m where m.topic = 'user:' || old.id::text;
  return null;
end
$$;

create trigger on_auth_user_deleted_sync after delete on auth.users
  for each row execute function sync_private.on_auth_user_deleted();
