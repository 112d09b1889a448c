-- Murmur sync: sync_push (docs/sync.md R3, R8, R9, R12, R17, R19–R21, R24, R25, R31).
-- SECURITY DEFINER with an empty search_path: clients have no write privilege on the synced tables, so
-- this function is their only write path; it checks auth.uid() itself and touches only that user's rows.

-- Request shape (R3). A malformed request as a whole is refused with SQLSTATE 22023 (HTTP 400).
create function sync_private.is_json_string(value jsonb, min_len integer, max_len integer)
returns boolean language sql immutable as $$
  select jsonb_typeof(value) = 'string' and char_length(value #>> '{}') between min_len and max_len
$$;

-- CASE, not AND, wherever a function would fail on the wrong JSON type: SQL does not promise to evaluate
-- AND from left to right.
create function sync_private.has_exactly_keys(value jsonb, keys text[])
returns boolean language sql immutable as $$
  select case when jsonb_typeof(value) is distinct from 'object' then false
    else (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(value) k)
       = (select array_agg(k order by k) from unnest(keys) k) end
$$;

create function sync_private.is_hlc_record(value jsonb)
returns boolean language sql immutable as $$
  select case when jsonb_typeof(value) is distinct from 'object' then false
    else not exists (select 1 from jsonb_each(value) e(k, v) where not sync_private.is_json_string(e.v, 0, 80)) end
$$;

create function sync_private.check_push_request(request jsonb) returns void
language plpgsql immutable set search_path = '' as $$
declare
  m jsonb;
  previous numeric := 0;
begin
  if not sync_private.has_exactly_keys(request, '{protocol,client_id,user_id,mutations}')
     or request -> 'protocol' <> '1'::jsonb
     or not sync_private.is_json_string(request -> 'client_id', 1, 64)
     or not sync_private.is_json_string(request -> 'user_id', 1, 64)
     or coalesce(case when jsonb_typeof(request -> 'mutations') = 'array'
                      then jsonb_array_length(request -> 'mutations') <= 200 end, false) = false then
    raise exception 'bad push request: expected {protocol: 1, client_id, user_id, mutations: at most 200}'
      using errcode = '22023';
  end if;
  for m in select value from jsonb_array_elements(request -> 'mutations') loop
    if not sync_private.has_exactly_keys(m, '{seq,mutation_id,table,id,patch,hlc,base}')
       or not sync_private.is_json_int(m -> 'seq', 1, 9007199254740991)
       or not sync_private.is_json_string(m -> 'mutation_id', 1, 64)
       or not sync_private.is_json_string(m -> 'table', 1, 40)
       or not sync_private.is_json_string(m -> 'id', 1, 64)
       or jsonb_typeof(m -> 'patch') <> 'object'
       or not sync_private.is_hlc_record(m -> 'hlc')
       or not sync_private.is_hlc_record(m -> 'base') then
      raise exception 'bad push request: malformed mutation' using errcode = '22023';
    end if;
    if (m ->> 'seq')::numeric <= previous then
      raise exception 'bad push request: mutations must be in increasing seq order' using errcode = '22023';
    end if;
    previous := (m ->> 'seq')::numeric;
  end loop;
end
$$;

-- The signed-in user, who must be the owner named in the request (R31). 42501 → 401 for anon, 403 else.
create function sync_private.request_user(request jsonb) returns uuid
language plpgsql stable set search_path = '' as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception 'sign in to sync' using errcode = '42501';
  end if;
  if request ->> 'user_id' is distinct from uid::text then
    raise exception 'this outbox belongs to another user' using errcode = '42501';
  end if;
  return uid;
end
$$;

-- The client's ledger row, bound to its first user (R8, R31); locked for the push when `for_push`.
create function sync_private.bind_client(p_client_id text, p_user_id uuid, for_push boolean) returns bigint
language plpgsql volatile set search_path = '' as $$
declare
  owner uuid;
  last_seq bigint;
begin
  insert into public.sync_clients (client_id, user_id) values (p_client_id, p_user_id)
  on conflict (client_id) do nothing;
  if for_push then
    select c.user_id, c.last_mutation_seq into owner, last_seq
      from public.sync_clients c where c.client_id = p_client_id for update;
  else
    select c.user_id, c.last_mutation_seq into owner, last_seq
      from public.sync_clients c where c.client_id = p_client_id;
  end if;
  if owner is distinct from p_user_id then
    raise exception 'this client belongs to another user' using errcode = '42501';
  end if;
  return last_seq;
end
$$;

create function sync_private.add_conflict(
  p_user_id uuid, p_table text, p_row_id text, p_field text, p_kind text, p_losing jsonb,
  p_losing_hlc text, p_winning_hlc text, p_reason text
) returns void language sql volatile set search_path = '' as $$
  insert into public.conflicts
    (user_id, id, table_name, row_id, field, kind, losing_value, losing_hlc, winning_hlc, reason, created_at, resolved_at)
  values
    (p_user_id, gen_random_uuid()::text, p_table, p_row_id, p_field, p_kind, p_losing, p_losing_hlc,
     p_winning_hlc, left(p_reason, 500), now(), null)
$$;

-- Why a mutation is refused as a whole (R9, R17), or null. Mirrors the server model's check().
create function sync_private.refusal(p_user_id uuid, m jsonb, meta sync_private.tables, existing jsonb)
returns text language plpgsql stable set search_path = '' as $$
declare
  tbl text := m ->> 'table';
  rid text := m ->> 'id';
  patch jsonb := m -> 'patch';
  bad text;
  f text;
begin
  if meta.table_name is null then return 'unknown table ' || tbl; end if;
  if patch = '{}'::jsonb then return 'empty patch'; end if;
  select k into bad from jsonb_object_keys(patch) k
   where not coalesce(sync_private.is_hlc(m -> 'hlc' ->> k), false) limit 1;
  if bad is not null then return 'missing or bad HLC for ' || bad; end if;
  if not meta.writable and (existing is null
      or exists (select 1 from jsonb_object_keys(patch) k where k <> all (meta.patchable))) then
    return tbl || ' is read-only';
  end if;
  if meta.has_defaults and rid <> p_user_id::text then
    return tbl || ' belong to the signed-in user (id must be the user id)';
  end if;
  if existing is not null then
    foreach f in array meta.immutable loop
      if patch ? f and patch -> f is distinct from existing -> f then return f || ' cannot change'; end if;
    end loop;
  end if;
  if not sync_private.is_valid_row(tbl, coalesce(existing, '{}'::jsonb) || patch || jsonb_build_object('id', rid)) then
    return case when existing is not null or meta.has_defaults then 'invalid values'
                else 'unknown entry (incomplete create)' end;
  end if;
  if patch ? 'id' and patch -> 'id' is distinct from to_jsonb(rid) then return 'id mismatch'; end if;
  return null;
end
$$;

-- Per-table row access, generated from the catalog so every statement is static (plans cached per
-- connection) instead of an EXECUTE planned for every mutation:
--   load_row(table, user, id)     the row's wire data and field HLCs, locked for the push (null if none);
--   read_row(table, user, id)     the same without the lock (pull pages);
--   save_row(table, user, id, data, hlc, is_new)   insert or update the client fields and HLCs;
--   restamp_row(table, user, id)  an update that changes nothing but the version (R17).
do $gen$
declare
  load_cases text;
  save_cases text;
  restamp_cases text;
begin
  select
    string_agg(format(
      'when %L then select %s, t.hlc into data, hlc from public.%I t where t.user_id = p_user_id and t.id = p_id %s;',
      tb.table_name, sync_private.wire_expression(tb.table_name, 't'), tb.table_name, '%s'), E'\n    '),
    string_agg(format(
      'when %1$L then if is_new then insert into public.%1$I (user_id, hlc, %2$s) select p_user_id, p_hlc, %3$s from jsonb_populate_record(null::public.%1$I, p_data) r; '
      'else update public.%1$I t set (hlc, %2$s) = (select p_hlc, %3$s from jsonb_populate_record(null::public.%1$I, p_data) r) where t.user_id = p_user_id and t.id = p_id; end if;',
      tb.table_name,
      (select string_agg(format('%I', f.field), ', ' order by f.position) from sync_private.fields f where f.table_name = tb.table_name),
      (select string_agg(format('r.%I', f.field), ', ' order by f.position) from sync_private.fields f where f.table_name = tb.table_name)),
      E'\n    '),
    string_agg(format(
      'when %1$L then update public.%1$I t set version = t.version where t.user_id = p_user_id and t.id = p_id;',
      tb.table_name), E'\n    ')
  into load_cases, save_cases, restamp_cases
  from sync_private.tables tb;

  execute format($f$
    create function sync_private.load_row(p_table text, p_user_id uuid, p_id text, out data jsonb, out hlc jsonb)
    language plpgsql volatile as $body$
    begin
      case p_table
      %s
      end case;
    end
    $body$$f$, replace(load_cases, '%s', 'for update'));
  execute format($f$
    create function sync_private.read_row(p_table text, p_user_id uuid, p_id text, out data jsonb, out hlc jsonb)
    language plpgsql stable as $body$
    begin
      case p_table
      %s
      end case;
    end
    $body$$f$, replace(load_cases, '%s', ''));
  execute format($f$
    create function sync_private.save_row(p_table text, p_user_id uuid, p_id text, p_data jsonb, p_hlc jsonb, is_new boolean)
    returns void language plpgsql volatile as $body$
    begin
      case p_table
      %s
      end case;
    end
    $body$$f$, save_cases);
  execute format($f$
    create function sync_private.restamp_row(p_table text, p_user_id uuid, p_id text)
    returns void language plpgsql volatile as $body$
    begin
      case p_table
      %s
      end case;
    end
    $body$$f$, restamp_cases);
end
$gen$;

-- Applies one mutation (R19–R21); returns null, or the reason it was refused (kept as a conflict, R17).
create function sync_private.apply_mutation(p_user_id uuid, m jsonb, now_ms bigint) returns text
language plpgsql volatile set search_path = '' as $$
declare
  tbl text := m ->> 'table';
  rid text := m ->> 'id';
  patch jsonb := m -> 'patch';
  meta sync_private.tables;
  existing jsonb;
  stored_hlc jsonb;
  reason text;
  row_data jsonb;
  row_hlc jsonb;
  changed boolean;
  lost jsonb := '[]'::jsonb;
  item record;
  incoming text;
  current_hlc text;
  is_text boolean;
  old_value jsonb;
  text_fields text[];
begin
  select * into meta from sync_private.tables t where t.table_name = tbl;
  select coalesce(array_agg(f.field) filter (where f.is_text), '{}') into text_fields
    from sync_private.fields f where f.table_name = tbl;
  if meta.table_name is not null then
    if meta.has_defaults and rid = p_user_id::text then
      perform sync_private.ensure_user_settings(p_user_id);
    end if;
    select l.data, l.hlc into existing, stored_hlc from sync_private.load_row(tbl, p_user_id, rid) l;
  end if;

  reason := sync_private.refusal(p_user_id, m, meta, existing);
  if reason is not null then
    perform sync_private.add_conflict(p_user_id, tbl, rid, null, 'rejected', patch,
      coalesce((select max(e.v collate "C") from jsonb_each_text(m -> 'hlc') e(k, v)), ''), '', reason);
    -- Re-stamp the row so every device pulls the server's state back over its refused values.
    if existing is not null then
      perform sync_private.restamp_row(tbl, p_user_id, rid);
    end if;
    return reason;
  end if;

  row_data := coalesce(existing, jsonb_build_object('id', rid));
  row_hlc := coalesce(stored_hlc, '{}'::jsonb);
  changed := existing is null;
  for item in select e.key, e.value from jsonb_each(patch) e loop
    incoming := sync_private.clamp_hlc(m -> 'hlc' ->> item.key, now_ms);
    current_hlc := coalesce(row_hlc ->> item.key, '');
    is_text := item.key = any (text_fields);
    if incoming collate "C" > current_hlc collate "C" then
      old_value := row_data -> item.key;
      -- R21: the winner overwrote text its writer never saw, written on another device.
      if existing is not null and is_text
         and (m -> 'base' ->> item.key) is distinct from current_hlc
         and sync_private.hlc_node(current_hlc) is distinct from sync_private.hlc_node(incoming)
         and jsonb_typeof(old_value) = 'string' and old_value #>> '{}' <> '' and old_value <> item.value then
        lost := lost || jsonb_build_object('field', item.key, 'value', old_value, 'losing', current_hlc, 'winning', incoming);
      end if;
      row_data := jsonb_set(row_data, array[item.key], item.value);
      row_hlc := jsonb_set(row_hlc, array[item.key], to_jsonb(incoming));
      changed := true;
    elsif incoming collate "C" < current_hlc collate "C" and is_text
          and jsonb_typeof(item.value) = 'string' and item.value #>> '{}' <> ''
          and item.value is distinct from row_data -> item.key then
      -- R20: a concurrent older text value arrived late and loses.
      lost := lost || jsonb_build_object('field', item.key, 'value', item.value, 'losing', incoming, 'winning', current_hlc);
    end if;
  end loop;

  -- No second validation: every field rule is per field and both the stored values and the patch passed
  -- refusal()'s check of existing || patch, so any mix of them is a valid row too.

  if changed then
    perform sync_private.save_row(tbl, p_user_id, rid, row_data, row_hlc, existing is null);
  end if;

  for item in select e.value from jsonb_array_elements(lost) e loop
    perform sync_private.add_conflict(p_user_id, tbl, rid, item.value ->> 'field', 'lww_lost', item.value -> 'value',
      item.value ->> 'losing', item.value ->> 'winning', 'a concurrent edit on another device won');
  end loop;
  return null;
end
$$;

-- The whole push is one transaction (PostgREST runs each RPC in one).
create function public.sync_push(request jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid;
  v_client_id text;
  last_seq bigint;
  seq bigint;
  m jsonb;
  reason text;
  results jsonb := '[]'::jsonb;
  now_ms bigint := sync_private.now_ms();
begin
  perform sync_private.check_push_request(request);
  uid := sync_private.request_user(request);
  v_client_id := request ->> 'client_id';
  last_seq := sync_private.bind_client(v_client_id, uid, true);
  -- Take the user's clock lock before any row lock. The stamping trigger would take it at the first
  -- write, after `for update` on that row; two pushes of the same user could then each hold what the
  -- other waits for (a deadlock). In this order pushes of one user simply queue.
  insert into public.sync_clock (user_id) values (uid) on conflict (user_id) do nothing;
  perform 1 from public.sync_clock c where c.user_id = uid for update;
  for m in select value from jsonb_array_elements(request -> 'mutations') loop
    seq := (m ->> 'seq')::bigint;
    if seq <= last_seq then
      results := results || jsonb_build_object('seq', seq, 'status', 'duplicate');
      continue;
    end if;
    reason := sync_private.apply_mutation(uid, m, now_ms);
    last_seq := seq;
    results := results || case when reason is null then jsonb_build_object('seq', seq, 'status', 'applied')
                               else jsonb_build_object('seq', seq, 'status', 'rejected', 'reason', reason) end;
  end loop;
  update public.sync_clients c set last_mutation_seq = last_seq, updated_at = now() where c.client_id = v_client_id;
  return jsonb_build_object(
    'last_mutation_seq', last_seq,
    'clock', coalesce((select c.version from public.sync_clock c where c.user_id = uid), 0),
    'results', results);
end
$$;
