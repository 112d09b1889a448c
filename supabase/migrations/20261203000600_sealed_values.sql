-- End-to-end encryption (ADR 0151, issue 56): an encrypted journal sends a sealed value (`mx1.` and
-- base64url) in place of each protected field's clear value. The server cannot read it, so it checks
-- only its form and its length; everything it needs to sync (ids, versions, HLC stamps, timestamps,
-- deleted flags, mood levels, days) stays clear and is checked as before.

-- Tags and activities hold either their clear list or one sealed string.
alter table public.notes alter column tags type jsonb using to_jsonb(tags);
alter table public.mood_entries alter column activities type jsonb using to_jsonb(activities);

-- The longest sealed value of each protected field: the prefix and the base64url of IV, ciphertext and
-- tag around the longest JSON text of the field's clear value (six bytes a character at worst). The
-- client computes the same numbers (src/db/entities/sealed-value.ts, the registry's protectedFields);
-- the sync contract suite holds the server model and this catalog to them. conflicts.losing_value is
-- of kind `any` and needs no bound of its own.
alter table sync_private.fields add column sealed_max_len integer;
update sync_private.fields f
   set sealed_max_len = v.len
  from (values
    ('notes', 'title', 4044), ('notes', 'body', 8000044), ('notes', 'tags', 20243),
    ('diary_entries', 'title', 4044), ('diary_entries', 'body', 8000044),
    ('mood_entries', 'note', 80044), ('mood_entries', 'activities', 12163),
    ('recordings', 'transcript', 8000044), ('recordings', 'segments', 10666711),
    ('conflicts', 'base_value', 8000044)
  ) as v(table_name, field, len)
 where f.table_name = v.table_name and f.field = v.field;

create or replace function sync_private.field_check_sql(f sync_private.fields) returns text
language plpgsql immutable as $$
declare
  v text := format('(d -> %L)', f.field);
  s text := format('(d ->> %L)', f.field);
  max_len text := coalesce(f.max_len, 2147483647)::text;
  body text;
begin
  body := case f.kind
    when 'any' then 'true'
    when 'text' then format('jsonb_typeof(%s) = ''string'' and char_length(%s) between %s and %s', v, s, f.min_len, max_len)
    when 'trimmed' then format('jsonb_typeof(%s) = ''string'' and char_length(sync_private.js_trim(%s)) between %s and %s', v, s, f.min_len, max_len)
    when 'color' then format('jsonb_typeof(%s) = ''string'' and %s ~ ''^#[0-9a-fA-F]{6}$''', v, s)
    when 'sha256' then format('jsonb_typeof(%s) = ''string'' and %s ~ ''^[0-9a-f]{64}$''', v, s)
    when 'bool' then format('jsonb_typeof(%s) = ''boolean''', v)
    when 'int' then format('sync_private.is_json_int(%s, %s, %s)', v,
                           coalesce(f.min_num, -9007199254740991), coalesce(f.max_num, 9007199254740991))
    when 'instant' then format('jsonb_typeof(%s) = ''string'' and sync_private.is_instant(%s)', v, s)
    when 'day' then format('jsonb_typeof(%s) = ''string'' and sync_private.is_day(%s)', v, s)
    when 'enum' then format('jsonb_typeof(%s) = ''string'' and %s = any (%L::text[])', v, s, f.enum_values)
    when 'text_array' then format('sync_private.is_text_array(%s, false, %s, %s, %s)', v, f.min_len, max_len,
                                  coalesce(f.max_items, 2147483647))
    when 'trimmed_array' then format('sync_private.is_text_array(%s, true, %s, %s, %s)', v, f.min_len, max_len,
                                     coalesce(f.max_items, 2147483647))
    when 'segments' then format('sync_private.is_segment_array(%s, %s, %s)', v,
                                coalesce(f.max_items, 2147483647), max_len)
    when 'string_record' then format('case when jsonb_typeof(%1$s) <> ''object'' then false else not exists (select 1 from jsonb_each(%1$s) e where jsonb_typeof(e.value) <> ''string'') end', v)
    when 'site_config' then format(
      'case when jsonb_typeof(%1$s) <> ''object'' then false else (select count(*) from jsonb_object_keys(%1$s)) = 2'
      ' and jsonb_typeof(%1$s -> ''site_url'') = ''string'' and char_length(%1$s ->> ''site_url'') <= 300'
      ' and jsonb_typeof(%1$s -> ''site_name'') = ''string'' and char_length(%1$s ->> ''site_name'') <= 200 end', v)
  end;
  if body is null then
    raise exception 'unknown field kind %', f.kind using errcode = 'XX000';
  end if;
  -- A protected field of an encrypted journal: a sealed value the server can check only for its form
  -- and its length (ADR 0151).
  if f.sealed_max_len is not null then
    body := format('(jsonb_typeof(%s) = ''string'' and char_length(%s) <= %s and %s ~ ''^mx1\.[A-Za-z0-9_-]+$'') or (%s)',
                   v, s, f.sealed_max_len, s, body);
  end if;
  if f.nullable or f.kind = 'any' then
    body := format('jsonb_typeof(%s) = ''null'' or (%s)', v, body);
  end if;
  return format('case when %s is null then false else coalesce(%s, false) end', v, body);
end
$$;

-- The base texts a push may carry (R40): each clear, or sealed like the field it is the base of.
create function sync_private.is_base_text_record(value jsonb)
returns boolean language plpgsql immutable as $$
begin
  -- CASE, not AND: jsonb_each fails on anything but an object.
  return case when jsonb_typeof(value) is distinct from 'object' then false
    else not exists (select 1 from jsonb_each(value) e(k, v)
                     where not (sync_private.is_json_string(e.v, 0, 1000000)
                                or (sync_private.is_json_string(e.v, 5, 8000044)
                                    and (e.v #>> '{}') ~ '^mx1\.[A-Za-z0-9_-]+$'))) end;
end
$$;

create or replace function sync_private.check_push_request(request jsonb) returns void
language plpgsql immutable set search_path = '' as $$
declare
  m jsonb;
  previous numeric := 0;
begin
  if not sync_private.has_exactly_keys(request, '{protocol,client_id,user_id,mutations}')
     or request -> 'protocol' <> '2'::jsonb
     or not sync_private.is_json_string(request -> 'client_id', 1, 64)
     or not sync_private.is_json_string(request -> 'user_id', 1, 64)
     or coalesce(case when jsonb_typeof(request -> 'mutations') = 'array'
                      then jsonb_array_length(request -> 'mutations') <= 200 end, false) = false then
    raise exception 'bad push request: expected {protocol: 2, client_id, user_id, mutations: at most 200}'
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
       or (m ? 'base_text' and not sync_private.is_base_text_record(m -> 'base_text')) then
      raise exception 'bad push request: malformed mutation' using errcode = '22023';
    end if;
    if (m ->> 'seq')::numeric <= previous then
      raise exception 'bad push request: mutations must be in increasing seq order' using errcode = '22023';
    end if;
    previous := (m ->> 'seq')::numeric;
  end loop;
end
$$;

select sync_private.generate_catalog_functions();
