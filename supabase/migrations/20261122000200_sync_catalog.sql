-- Murmur sync: the server's copy of the client's table registry (src/db/entities/entity-tables.ts) and
-- the validation of a row against it. One declarative table per concern, so validation, the wire form of
-- a row and the stamping trigger all read the same field list.
--
-- The small SQL helpers here and in the later files carry no `set search_path`, so the planner can inline
-- them (a SET clause forbids inlining and costs a GUC save/restore per call). That is safe: they are not
-- SECURITY DEFINER, clients cannot reach this schema, they name only pg_catalog built-ins and
-- schema-qualified objects, and their callers run with search_path = ''.

create table sync_private.tables (
  table_name text primary key,
  -- Clients may push changes; false: server-owned, except the patchable fields on an existing row.
  writable boolean not null,
  patchable text[] not null default '{}',
  -- Fields clients never change after creation.
  immutable text[] not null default '{}',
  -- A patch for an unknown id starts from the column defaults (user_settings only, R9).
  has_defaults boolean not null default false
);

insert into sync_private.tables (table_name, writable, patchable, immutable, has_defaults) values
  ('notes', true, '{}', '{id,created_at}', false),
  ('diary_entries', true, '{}', '{id,created_at}', false),
  ('mood_entries', true, '{}', '{id,created_at}', false),
  ('user_settings', true, '{}', '{id,openai_api_key}', true),
  ('recordings', true, '{}', '{id,created_at}', false),
  ('subscriptions', false, '{}', '{}', false),
  ('conflicts', false, '{resolved_at}', '{}', false);

-- One row per client field, mirroring the zod schema. kind:
--   text (min_len..max_len chars), trimmed (length after trimming), color (#rrggbb), int (min..max),
--   bool, instant (ISO 8601 with Z or offset), day (YYYY-MM-DD), enum (enum_values), sha256,
--   text_array / trimmed_array (max_items items of max_len), string_record ({string: string}),
--   site_config ({site_url, site_name}), any (any JSON).
create table sync_private.fields (
  table_name text not null references sync_private.tables (table_name),
  field text not null,
  position integer not null,
  kind text not null,
  nullable boolean not null default false,
  min_len integer not null default 0,
  max_len integer,
  min_num numeric,
  max_num numeric,
  max_items integer,
  enum_values text[],
  -- Text the user wrote: a concurrent losing value is kept as a conflict (R20).
  is_text boolean not null default false,
  primary key (table_name, field)
);

insert into sync_private.fields
  (table_name, field, position, kind, nullable, min_len, max_len, min_num, max_num, max_items, enum_values, is_text) values
  ('notes', 'id', 1, 'text', false, 1, 64, null, null, null, null, false),
  ('notes', 'title', 2, 'text', false, 0, 500, null, null, null, null, true),
  ('notes', 'body', 3, 'text', false, 0, 1000000, null, null, null, null, true),
  ('notes', 'font', 4, 'trimmed', false, 1, 80, null, null, null, null, false),
  ('notes', 'color', 5, 'color', false, 0, null, null, null, null, null, false),
  ('notes', 'font_size', 6, 'int', false, 0, null, 8, 96, null, null, false),
  ('notes', 'pinned', 7, 'bool', false, 0, null, null, null, null, null, false),
  ('notes', 'locked', 8, 'bool', false, 0, null, null, null, null, null, false),
  ('notes', 'tags', 9, 'trimmed_array', false, 1, 50, null, null, 50, null, false),
  ('notes', 'created_at', 10, 'instant', false, 0, null, null, null, null, null, false),
  ('notes', 'deleted_at', 11, 'instant', true, 0, null, null, null, null, null, false),

  ('diary_entries', 'id', 1, 'text', false, 1, 64, null, null, null, null, false),
  ('diary_entries', 'day', 2, 'day', false, 0, null, null, null, null, null, false),
  ('diary_entries', 'time_zone', 3, 'text', false, 1, 64, null, null, null, null, false),
  ('diary_entries', 'title', 4, 'text', false, 0, 500, null, null, null, null, true),
  ('diary_entries', 'body', 5, 'text', false, 0, 1000000, null, null, null, null, true),
  ('diary_entries', 'font', 6, 'trimmed', false, 1, 80, null, null, null, null, false),
  ('diary_entries', 'color', 7, 'color', false, 0, null, null, null, null, null, false),
  ('diary_entries', 'font_size', 8, 'int', false, 0, null, 8, 96, null, null, false),
  ('diary_entries', 'created_at', 9, 'instant', false, 0, null, null, null, null, null, false),
  ('diary_entries', 'deleted_at', 10, 'instant', true, 0, null, null, null, null, null, false),

  ('mood_entries', 'id', 1, 'text', false, 1, 64, null, null, null, null, false),
  ('mood_entries', 'moment', 2, 'instant', false, 0, null, null, null, null, null, false),
  ('mood_entries', 'time_zone', 3, 'text', false, 1, 64, null, null, null, null, false),
  ('mood_entries', 'level', 4, 'int', false, 0, null, 1, 5, null, null, false),
  ('mood_entries', 'activities', 5, 'trimmed_array', false, 1, 50, null, null, 30, null, false),
  ('mood_entries', 'note', 6, 'text', false, 0, 10000, null, null, null, null, true),
  ('mood_entries', 'created_at', 7, 'instant', false, 0, null, null, null, null, null, false),
  ('mood_entries', 'deleted_at', 8, 'instant', true, 0, null, null, null, null, null, false),

  ('recordings', 'id', 1, 'text', false, 1, 64, null, null, null, null, false),
  ('recordings', 'entry_table', 2, 'enum', true, 0, null, null, null, null, '{notes,diary_entries,mood_entries}', false),
  ('recordings', 'entry_id', 3, 'text', true, 1, 64, null, null, null, null, false),
  ('recordings', 'mime_type', 4, 'text', false, 1, 100, null, null, null, null, false),
  ('recordings', 'size_bytes', 5, 'int', false, 0, null, 0, 9007199254740991, null, null, false),
  ('recordings', 'duration_ms', 6, 'int', false, 0, null, 0, 9007199254740991, null, null, false),
  ('recordings', 'sha256', 7, 'sha256', true, 0, null, null, null, null, null, false),
  ('recordings', 'storage_path', 8, 'text', false, 1, 300, null, null, null, null, false),
  ('recordings', 'uploaded_at', 9, 'instant', true, 0, null, null, null, null, null, false),
  ('recordings', 'transcript', 10, 'text', false, 0, 1000000, null, null, null, null, true),
  ('recordings', 'created_at', 11, 'instant', false, 0, null, null, null, null, null, false),
  ('recordings', 'deleted_at', 12, 'instant', true, 0, null, null, null, null, null, false),

  ('subscriptions', 'id', 1, 'text', false, 1, 64, null, null, null, null, false),
  ('subscriptions', 'status', 2, 'text', false, 0, 40, null, null, null, null, false),
  ('subscriptions', 'current_period_end', 3, 'instant', true, 0, null, null, null, null, null, false),
  ('subscriptions', 'trial_ends_at', 4, 'instant', true, 0, null, null, null, null, null, false),

  ('conflicts', 'id', 1, 'text', false, 1, 64, null, null, null, null, false),
  ('conflicts', 'table_name', 2, 'text', false, 1, 40, null, null, null, null, false),
  ('conflicts', 'row_id', 3, 'text', false, 1, 64, null, null, null, null, false),
  ('conflicts', 'field', 4, 'text', true, 0, 60, null, null, null, null, false),
  ('conflicts', 'kind', 5, 'enum', false, 0, null, null, null, null, '{lww_lost,rejected}', false),
  ('conflicts', 'losing_value', 6, 'any', true, 0, null, null, null, null, null, false),
  ('conflicts', 'losing_hlc', 7, 'text', false, 0, 80, null, null, null, null, false),
  ('conflicts', 'winning_hlc', 8, 'text', false, 0, 80, null, null, null, null, false),
  ('conflicts', 'reason', 9, 'text', false, 0, 500, null, null, null, null, false),
  ('conflicts', 'created_at', 10, 'instant', false, 0, null, null, null, null, null, false),
  ('conflicts', 'resolved_at', 11, 'instant', true, 0, null, null, null, null, null, false);

insert into sync_private.fields (table_name, field, position, kind, nullable, min_len, max_len, min_num, max_num, max_items, enum_values)
select 'user_settings', f.field, f.position, f.kind, f.nullable, f.min_len, f.max_len, f.min_num, f.max_num, f.max_items, f.enum_values
from (values
  ('id', 1, 'text', false, 1, 64, null::numeric, null::numeric, null::integer, null::text[]),
  ('auto_save', 2, 'bool', false, 0, null, null, null, null, null),
  ('notifications_enabled', 3, 'bool', false, 0, null, null, null, null, null),
  ('copy_on_transcription', 4, 'bool', false, 0, null, null, null, null, null),
  ('paste_after_transcription', 5, 'bool', false, 0, null, null, null, null, null),
  ('enable_faster_record', 6, 'bool', false, 0, null, null, null, null, null),
  ('recording_device', 7, 'text', false, 0, 200, null, null, null, null),
  ('bitrate', 8, 'text', false, 0, 20, null, null, null, null),
  ('recording_confirmation', 9, 'text', false, 0, 40, null, null, null, null),
  ('recording_mode', 10, 'text', false, 0, 40, null, null, null, null),
  ('transcription_service', 11, 'text', false, 0, 40, null, null, null, null),
  ('transcription_model', 12, 'text', false, 0, 80, null, null, null, null),
  ('available_models', 13, 'string_record', false, 0, null, null, null, null, null),
  ('audio_processing', 14, 'text', false, 0, 40, null, null, null, null),
  ('openrouter_api_key', 15, 'text', true, 0, 400, null, null, null, null),
  ('preferred_model', 16, 'text', false, 0, 200, null, null, null, null),
  ('custom_models_array', 17, 'text_array', false, 0, 200, null, null, 100, null),
  ('elevenlabs_model', 18, 'text', false, 0, 80, null, null, null, null),
  ('elevenlabs_diarize', 19, 'bool', false, 0, null, null, null, null, null),
  ('elevenlabs_tag_audio_events', 20, 'bool', false, 0, null, null, null, null, null),
  ('speaker_language', 21, 'text', false, 0, 20, null, null, null, null),
  ('preferred_transcription_language', 22, 'text', false, 0, 20, null, null, null, null),
  ('enable_language_detection', 23, 'bool', false, 0, null, null, null, null, null),
  ('auto_detect_language', 24, 'bool', false, 0, null, null, null, null, null),
  ('auto_punctuation', 25, 'bool', false, 0, null, null, null, null, null),
  ('default_note_font', 26, 'trimmed', false, 1, 80, null, null, null, null),
  ('default_note_color', 27, 'color', false, 0, null, null, null, null, null),
  ('default_note_font_size', 28, 'int', false, 0, null, 8, 96, null, null),
  ('default_diary_font', 29, 'trimmed', false, 1, 80, null, null, null, null),
  ('default_diary_color', 30, 'color', false, 0, null, null, null, null, null),
  ('default_diary_font_size', 31, 'int', false, 0, null, 8, 96, null, null),
  ('default_mood_font', 32, 'trimmed', false, 1, 80, null, null, null, null),
  ('default_mood_font_size', 33, 'int', false, 0, null, 8, 96, null, null),
  ('auto_delete_recordings', 34, 'bool', false, 0, null, null, null, null, null),
  ('enable_note_lock', 35, 'bool', false, 0, null, null, null, null, null),
  ('enable_text_to_speech', 36, 'bool', false, 0, null, null, null, null, null),
  ('site_config', 37, 'site_config', false, 0, 300, null, null, null, null),
  ('notes_customization_expanded', 38, 'bool', false, 0, null, null, null, null, null),
  ('mood_customization_expanded', 39, 'bool', false, 0, null, null, null, null, null),
  ('mood_section_expanded', 40, 'bool', false, 0, null, null, null, null, null),
  ('transcription_section_expanded', 41, 'bool', false, 0, null, null, null, null, null),
  ('preferred_theme', 42, 'enum', false, 0, null, null, null, null, '{light,dark}'),
  ('openai_api_key', 43, 'text', true, 0, 400, null, null, null, null)
) as f(field, position, kind, nullable, min_len, max_len, min_num, max_num, max_items, enum_values);

-- zod's .trim() strips JS white space; this is the same set for the characters that occur in practice.
create function sync_private.js_trim(value text) returns text
language sql immutable as $$
  select case when value ~ '^[\s\u00a0\ufeff]|[\s\u00a0\ufeff]$'
              then regexp_replace(value, '^[\s\u00a0\ufeff]+|[\s\u00a0\ufeff]+$', '', 'g')
              else value end
$$;

-- A calendar day YYYY-MM-DD that exists (no exception handler, so no subtransaction per call). CASE keeps
-- the order: the arithmetic runs only on text the pattern accepted.
create function sync_private.is_day(value text) returns boolean
language sql immutable as $$
  select case
    when value !~ '^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$' or left(value, 4) = '0000' then false
    else substr(value, 9, 2)::int <= extract(day from make_date(left(value, 4)::int, substr(value, 6, 2)::int, 1)
                                                     + interval '1 month - 1 day')
  end
$$;

-- ISO 8601 with seconds and Z or an offset, on a day that exists (zod's z.iso.datetime({ offset: true })).
create function sync_private.is_instant(value text) returns boolean
language sql immutable as $$
  select case
    when value !~ '^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$' then false
    else sync_private.is_day(left(value, 10))
  end
$$;

create function sync_private.is_json_int(value jsonb, min_value numeric, max_value numeric)
returns boolean language sql immutable as $$
  select case when jsonb_typeof(value) is distinct from 'number' then false
    else value::numeric = trunc(value::numeric) and value::numeric between min_value and max_value end
$$;

create function sync_private.is_text_array(value jsonb, trimmed boolean, min_len integer, max_len integer, max_items integer)
returns boolean language sql immutable as $$
  -- CASE, not AND, wherever a function would fail on the wrong JSON type: SQL does not promise to
  -- evaluate AND from left to right.
  select case when jsonb_typeof(value) is distinct from 'array' then false
    when jsonb_array_length(value) > coalesce(max_items, 2147483647) then false
    else not exists (
       select 1 from jsonb_array_elements(value) as e(item)
       where jsonb_typeof(e.item) <> 'string'
          or char_length(case when trimmed then sync_private.js_trim(e.item #>> '{}') else e.item #>> '{}' end)
             not between min_len and coalesce(max_len, 2147483647)) end
$$;

-- SQL text checking one field of the jsonb `d` against its rule (the zod schema of the client entity).
-- A missing key fails; JSON null passes only for nullable fields.
create function sync_private.field_check_sql(f sync_private.fields) returns text
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
    when 'string_record' then format('case when jsonb_typeof(%1$s) <> ''object'' then false else not exists (select 1 from jsonb_each(%1$s) e where jsonb_typeof(e.value) <> ''string'') end', v)
    when 'site_config' then format(
      'case when jsonb_typeof(%1$s) <> ''object'' then false else (select count(*) from jsonb_object_keys(%1$s)) = 2'
      ' and jsonb_typeof(%1$s -> ''site_url'') = ''string'' and char_length(%1$s ->> ''site_url'') <= 300'
      ' and jsonb_typeof(%1$s -> ''site_name'') = ''string'' and char_length(%1$s ->> ''site_name'') <= 200 end', v)
  end;
  if body is null then
    raise exception 'unknown field kind %', f.kind using errcode = 'XX000';
  end if;
  if f.nullable or f.kind = 'any' then
    body := format('jsonb_typeof(%s) = ''null'' or (%s)', v, body);
  end if;
  -- CASE, not AND: the checks run only on a present key.
  return format('case when %s is null then false else coalesce(%s, false) end', v, body);
end
$$;

-- is_valid_row(table, d): a whole row in wire form, exactly the table's fields (strict), each valid.
-- Generated from the catalog as one static expression per table, so a push plans it once per connection.
do $gen$
declare
  cases text;
begin
  select string_agg(format(
           'when %L then return jsonb_typeof(d) = ''object'' and not exists (select 1 from jsonb_object_keys(d) k where k <> all (%L::text[])) and %s;',
           tb.table_name,
           (select array_agg(f.field order by f.position) from sync_private.fields f where f.table_name = tb.table_name),
           (select string_agg(sync_private.field_check_sql(f), ' and ' order by f.position)
              from sync_private.fields f where f.table_name = tb.table_name)),
         E'\n    ')
    into cases
    from sync_private.tables tb;
  execute format($f$
    create function sync_private.is_valid_row(p_table text, d jsonb) returns boolean
    language plpgsql stable as $body$
    begin
      case p_table
      %s
      end case;
    end
    $body$$f$, cases);
end
$gen$;

-- Instants go on the wire as ISO 8601 UTC with milliseconds (what the client's Date#toISOString writes,
-- so a round trip is exact).
create function sync_private.iso(ts timestamptz) returns text
language sql stable as $$
  select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- SQL text of the wire form of a row of `p_table` aliased `alias`: exactly the client's fields. The
-- functions that read rows (load_row, user_rows) are generated from it once, so reading a row is static
-- SQL with cached plans rather than a catalog lookup per row.
create function sync_private.wire_expression(p_table text, alias text) returns text
language sql stable as $$
  select 'jsonb_build_object(' || string_agg(
           format('%L, ', f.field) || case when f.kind = 'instant' then format('sync_private.iso(%I.%I)', alias, f.field)
                                           else format('%I.%I', alias, f.field) end,
           ', ' order by f.position) || ')'
  from sync_private.fields f
  where f.table_name = p_table
$$;

-- HLC helpers (R10, R12). Fixed width: text order (collate "C") is clock order.
create function sync_private.is_hlc(value text) returns boolean
language sql immutable as $$
  select value ~ '^\d{15}-\d{6}-[0-9a-f]{32}$'
$$;

create function sync_private.hlc_node(value text) returns text
language sql immutable as $$
  select case when value is null or value = '' then null else right(value, 32) end
$$;

-- An HLC more than five minutes ahead of server time is treated as written at server time (R12).
create function sync_private.clamp_hlc(value text, now_ms bigint) returns text
language sql immutable as $$
  select case
    when value is null or value = '' then ''
    when left(value, 15)::bigint <= now_ms + 300000 then value
    else lpad(now_ms::text, 15, '0') || substr(value, 16)
  end
$$;

-- The HLC of a server-side write that changed a field without stamping it (service role, functions):
-- server time, node all zeros, and always after the HLC it replaces.
create function sync_private.server_hlc(replaced text, now_ms bigint) returns text
language sql immutable as $$
  select lpad(greatest(now_ms, case when sync_private.is_hlc(replaced) then left(replaced, 15)::bigint + 1 else 0 end)::text, 15, '0')
         || '-000000-00000000000000000000000000000000'
$$;

create function sync_private.now_ms() returns bigint
language sql stable as $$
  select floor(extract(epoch from now()) * 1000)::bigint
$$;

-- FNV-1a 32-bit over the UTF-8 bytes (ids are ASCII, as src/sync/digest.ts assumes) (R28).
create function sync_private.fnv1a32(value text) returns bigint
language plpgsql immutable strict set search_path = '' as $$
declare
  bytes bytea := convert_to(value, 'UTF8');
  h bigint := 2166136261;
begin
  for i in 0 .. length(bytes) - 1 loop
    h := ((h # get_byte(bytes, i)) * 16777619) & 4294967295;
  end loop;
  return h;
end
$$;
