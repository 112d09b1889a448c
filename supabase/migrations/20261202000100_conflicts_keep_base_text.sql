-- Murmur sync: a text conflict keeps the text both sides started from (docs/sync.md R40).
--
-- A `lww_lost` conflict held the losing value only, so a device could offer the person one side or the
-- other but not merge them: without the text both edits started from, it cannot tell which words each
-- side changed. A push mutation may now carry `base_text` ({field: text}), the text each of its text
-- fields showed when its change was planned. When the mutation takes part in a `lww_lost` conflict on a
-- field — its older value arrives late and loses (R20), or its newer value overwrites stored text its
-- writer never saw (R21) — the conflict keeps `base_text ->> field` as `base_value`; without one (an
-- older client, an empty base, a `rejected` conflict) base_value is null.
--
-- base_value is a synced field like the others: its column, its catalog row, and the catalog-generated
-- functions made again, so pulls and pokes carry it and the conflict row stays valid when a device sets
-- resolved_at. Conflicts are server-owned except resolved_at: `conflicts` is not writable in the
-- catalog and only resolved_at is patchable, so sync_push never takes base_value from a client.
-- Privileges need nothing new: 20261122000600 revoked insert, update, delete and truncate on the whole
-- table from anon and authenticated, and adding a column grants nothing on it, so clients read it
-- exactly as the other columns (their table-wide select, under the owner's RLS policy) and cannot
-- write it.

alter table public.conflicts add column base_value text;

insert into sync_private.fields
  (table_name, field, position, kind, nullable, min_len, max_len, min_num, max_num, max_items, enum_values, is_text) values
  ('conflicts', 'base_value', 12, 'text', true, 0, 1000000, null, null, null, null, false);

select sync_private.generate_catalog_functions();

-- A JSON object whose values are all strings of at most max_len characters (zod's
-- z.record(z.string(), z.string().max(max_len))). PL/pgSQL, so its query is planned once per connection
-- (20261126000200).
create function sync_private.is_text_record(value jsonb, max_len integer)
returns boolean language plpgsql immutable as $$
begin
  -- CASE, not AND: jsonb_each fails on anything but an object.
  return case when jsonb_typeof(value) is distinct from 'object' then false
    else not exists (select 1 from jsonb_each(value) e(k, v)
                     where not sync_private.is_json_string(e.v, 0, max_len)) end;
end
$$;

-- As in 20261122000400, and a mutation may also carry base_text (R40).
create or replace function sync_private.check_push_request(request jsonb) returns void
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
    -- CASE, not AND: `-` fails on a scalar (in parentheses, or IF would end at its THEN). base_text is
    -- optional; every other key is required.
    if not (case when jsonb_typeof(m) = 'object'
                 then sync_private.has_exactly_keys(m - 'base_text', '{seq,mutation_id,table,id,patch,hlc,base}')
                 else false end)
       or not sync_private.is_json_int(m -> 'seq', 1, 9007199254740991)
       or not sync_private.is_json_string(m -> 'mutation_id', 1, 64)
       or not sync_private.is_json_string(m -> 'table', 1, 40)
       or not sync_private.is_json_string(m -> 'id', 1, 64)
       or jsonb_typeof(m -> 'patch') <> 'object'
       or not sync_private.is_hlc_record(m -> 'hlc')
       or not sync_private.is_hlc_record(m -> 'base')
       or (m ? 'base_text' and not sync_private.is_text_record(m -> 'base_text', 1000000)) then
      raise exception 'bad push request: malformed mutation' using errcode = '22023';
    end if;
    if (m ->> 'seq')::numeric <= previous then
      raise exception 'bad push request: mutations must be in increasing seq order' using errcode = '22023';
    end if;
    previous := (m ->> 'seq')::numeric;
  end loop;
end
$$;

-- One home for writing a conflict: the old signature goes, so nothing can write one without deciding
-- its base_value.
drop function sync_private.add_conflict(uuid, text, text, text, text, jsonb, text, text, text);

create function sync_private.add_conflict(
  p_user_id uuid, p_table text, p_row_id text, p_field text, p_kind text, p_losing jsonb,
  p_losing_hlc text, p_winning_hlc text, p_reason text, p_base_value text
) returns void language sql volatile set search_path = '' as $$
  insert into public.conflicts
    (user_id, id, table_name, row_id, field, kind, losing_value, losing_hlc, winning_hlc, reason, created_at,
     resolved_at, base_value)
  values
    (p_user_id, gen_random_uuid()::text, p_table, p_row_id, p_field, p_kind, p_losing, p_losing_hlc,
     p_winning_hlc, left(p_reason, 500), now(), null, p_base_value)
$$;

-- As in 20261128000200; a lww_lost conflict keeps the incoming mutation's base_text for its field (R40),
-- a rejected one none.
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
      coalesce((select max(e.v collate "C") from jsonb_each_text(m -> 'hlc') e(k, v)), ''), '', reason, null);
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
    -- R40: the text the incoming mutation's author saw in this field, whichever side lost.
    perform sync_private.add_conflict(p_user_id, tbl, rid, item.value ->> 'field', 'lww_lost', item.value -> 'value',
      item.value ->> 'losing', item.value ->> 'winning', 'a concurrent edit on another device won',
      m -> 'base_text' ->> (item.value ->> 'field'));
  end loop;
  return null;
end
$$;
