-- Murmur sync: sync_push without a catalog query per mutation or a results array copied per mutation
-- (docs/sync.md "Server implementation").
--
-- apply_mutation gathered its table's text fields from the catalog for every mutation, and sync_push
-- appended each result to a jsonb array, which copies the array each time (quadratic in the batch).
-- Together about a seventh of a 200-edit push on PGlite. The text fields now come from a function
-- generated from the catalog (generate_catalog_functions makes it again with the others); results
-- are gathered in a jsonb[] (appended in place) and converted once; a mutation with no losing value
-- skips the conflicts loop. Everything else is as in 20261122000400.

-- text_fields(table): the fields whose losing values are kept as conflicts (R20, R21), in catalog order.
create function sync_private.generate_text_fields_function() returns void
language plpgsql as $gen$
declare
  cases text;
begin
  select string_agg(format('when %L then %L::text[]', tb.table_name,
           (select coalesce(array_agg(f.field order by f.position) filter (where f.is_text), '{}')
              from sync_private.fields f where f.table_name = tb.table_name)), ' ')
    into cases
    from sync_private.tables tb;
  execute format($f$
    create or replace function sync_private.text_fields(p_table text) returns text[]
    language sql immutable as $body$
      select case p_table %s else '{}'::text[] end
    $body$$f$, cases);
end
$gen$;

create or replace function sync_private.generate_catalog_functions() returns void
language plpgsql as $$
begin
  perform sync_private.generate_row_functions();
  perform sync_private.generate_pull_functions();
  perform sync_private.generate_stamp_function();
  perform sync_private.generate_text_fields_function();
end
$$;

select sync_private.generate_text_fields_function();

-- Applies one mutation (R19–R21); returns null, or the reason it was refused (kept as a conflict, R17).
create or replace function sync_private.apply_mutation(p_user_id uuid, m jsonb, now_ms bigint) returns text
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
  text_fields := sync_private.text_fields(tbl);
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

  if lost = '[]'::jsonb then return null; end if;
  for item in select e.value from jsonb_array_elements(lost) e loop
    perform sync_private.add_conflict(p_user_id, tbl, rid, item.value ->> 'field', 'lww_lost', item.value -> 'value',
      item.value ->> 'losing', item.value ->> 'winning', 'a concurrent edit on another device won');
  end loop;
  return null;
end
$$;

-- The whole push is one transaction (PostgREST runs each RPC in one).
create or replace function public.sync_push(request jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid;
  v_client_id text;
  last_seq bigint;
  seq bigint;
  m jsonb;
  reason text;
  -- Appended in place, converted once at the end (a jsonb array would be copied at every append).
  results jsonb[] := '{}';
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
    'results', to_jsonb(results));
end
$$;
