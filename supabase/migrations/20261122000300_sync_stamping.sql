-- Murmur sync: every write path takes the next version of its user's clock (R2) and moves the realtime
-- poke (R27). Triggers, not the RPCs, do it, so writes by the service role, by functions or by hand in
-- the SQL editor are stamped exactly like sync_push's.

-- Takes the next version of the user's clock. The upsert row-locks the user's clock row until the
-- transaction ends: a second writer of the same user waits here, so a version is never visible before a
-- smaller one (sync-design §2, §6.2).
create function sync_private.next_version(p_user_id uuid) returns bigint
language sql volatile set search_path = '' as $$
  insert into public.sync_clock as c (user_id, version) values (p_user_id, 1)
  on conflict (user_id) do update set version = c.version + 1
  returning version
$$;

-- BEFORE INSERT OR UPDATE on each synced table. Invariants:
-- * version is always the clock's next value (a caller cannot choose or keep it);
-- * a row never changes owner;
-- * a field whose value changes while its HLC does not (a write that bypassed sync_push) gets a server
--   HLC newer than the one it replaces, so the write wins over what devices hold and LWW stays total.
create function sync_private.stamp_row() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_json jsonb;
  new_json jsonb;
  f record;
  now_ms bigint := sync_private.now_ms();
begin
  if tg_op = 'UPDATE' then
    if new.user_id is distinct from old.user_id then
      raise exception 'a synced row cannot change owner' using errcode = '42501';
    end if;
    old_json := to_jsonb(old);
    new_json := to_jsonb(new);
    for f in select field from sync_private.fields where table_name = tg_table_name loop
      if new_json -> f.field is distinct from old_json -> f.field
         and new.hlc -> f.field is not distinct from old.hlc -> f.field then
        new.hlc := jsonb_set(coalesce(new.hlc, '{}'::jsonb), array[f.field],
                             to_jsonb(sync_private.server_hlc(old.hlc ->> f.field, now_ms)));
      end if;
    end loop;
  end if;
  new.hlc := coalesce(new.hlc, '{}'::jsonb);
  new.version := sync_private.next_version(new.user_id);
  new.updated_at := now();
  return new;
end
$$;

do $$
declare
  t text;
begin
  foreach t in array array['notes', 'diary_entries', 'mood_entries', 'recordings', 'user_settings', 'subscriptions', 'conflicts'] loop
    execute format('create trigger sync_stamp before insert or update on public.%I for each row execute function sync_private.stamp_row()', t);
  end loop;
end
$$;

-- Realtime poke (R27): at commit, once per user whose clock moved in the transaction. The deferred
-- trigger fires for every clock update; only the event carrying the final version sends, so a push of
-- 200 mutations is one poke. The payload is a hint, never data; the topic is private (RLS below).
create function sync_private.poke_on_clock() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.version = 0 or (tg_op = 'UPDATE' and new.version = old.version) then return null; end if;
  if new.version = (select c.version from public.sync_clock c where c.user_id = new.user_id) then
    perform realtime.send(jsonb_build_object('version', new.version), 'poke', 'user:' || new.user_id::text, true);
  end if;
  return null;
end
$$;

create constraint trigger sync_clock_poke after insert or update on public.sync_clock
  deferrable initially deferred for each row execute function sync_private.poke_on_clock();

-- Every new account starts with its settings row holding the product-spec defaults (§3).
create function sync_private.ensure_user_settings(p_user_id uuid) returns void
language sql volatile set search_path = '' as $$
  -- Not `on conflict do nothing`: BEFORE triggers run before the conflict check and would take a version.
  insert into public.user_settings (user_id, id)
  select p_user_id, p_user_id::text
  where not exists (select 1 from public.user_settings s where s.user_id = p_user_id)
$$;

create function sync_private.on_auth_user_created() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform sync_private.ensure_user_settings(new.id);
  return null;
end
$$;

create trigger on_auth_user_created_sync after insert on auth.users
  for each row execute function sync_private.on_auth_user_created();
