-- Murmur sync: the catalog, stamping, sync_push, sync_pull and the pokes (docs/sync.md). The tables they
-- serve, and who may read them, are in 20261203000100_schema_and_rls.sql.
--
-- Each function is defined once, here. Nothing was deployed before this file; from now on a change to
-- a deployed function is a new migration that replaces it (create or replace), and a change to the
-- catalog ends with sync_private.generate_catalog_functions() (ADR 0133).

-- -------------------- The catalog --------------------

-- The server's copy of the client's table registry (src/db/entities/entity-tables.ts) and
-- the validation of a row against it. One declarative table per concern, so validation, the wire form of
-- a row and the stamping trigger all read the same field list.
--
-- The small SQL helpers in this file carry no `set search_path`, so the planner can inline
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
--   text_array / trimmed_array (max_items items of max_len), segments (a timed transcript: at most
--   max_items objects {start, end, text[, speaker]}), string_record ({string: string}),
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
  ('recordings', 'segments', 13, 'segments', false, 0, 10000, null, null, 20000, null, false),

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
  ('conflicts', 'resolved_at', 11, 'instant', true, 0, null, null, null, null, null, false),
  ('conflicts', 'base_value', 12, 'text', true, 0, 1000000, null, null, null, null, false);

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

-- The array checks are PL/pgSQL rather than SQL: a SQL function with a subquery is never inlined, so
-- it would plan its query again at every call; PL/pgSQL keeps the plan for the connection.
create function sync_private.is_text_array(value jsonb, trimmed boolean, min_len integer, max_len integer, max_items integer)
returns boolean language plpgsql immutable as $$
begin
  -- CASE, not AND, wherever a function would fail on the wrong JSON type.
  return case when jsonb_typeof(value) is distinct from 'array' then false
      when jsonb_array_length(value) > coalesce(max_items, 2147483647) then false
      else not exists (
         select 1 from jsonb_array_elements(value) as e(item)
         where jsonb_typeof(e.item) <> 'string'
            or char_length(case when trimmed then sync_private.js_trim(e.item #>> '{}') else e.item #>> '{}' end)
               not between min_len and coalesce(max_len, 2147483647)) end;
end
$$;

-- An array of at most max_items objects {start, end, text[, speaker]}: 0 <= start <= end, text of at most
-- max_len characters, speaker a non-empty string of at most 100 (the zod schema transcriptSegmentSchema).
create function sync_private.is_segment_array(value jsonb, max_items integer, max_len integer)
returns boolean language plpgsql immutable as $$
begin
  return case when jsonb_typeof(value) is distinct from 'array' then false
      when jsonb_array_length(value) > max_items then false
      else not exists (
        select 1 from jsonb_array_elements(value) as e(item)
        where case
          when jsonb_typeof(e.item) <> 'object' then true
          when exists (select 1 from jsonb_object_keys(e.item) k where k <> all ('{start,end,text,speaker}'::text[])) then true
          when jsonb_typeof(e.item -> 'start') is distinct from 'number'
            or jsonb_typeof(e.item -> 'end') is distinct from 'number'
            or jsonb_typeof(e.item -> 'text') is distinct from 'string' then true
          when (e.item ->> 'start')::numeric < 0 or (e.item ->> 'end')::numeric < (e.item ->> 'start')::numeric then true
          when char_length(e.item ->> 'text') > max_len then true
          when not e.item ? 'speaker' then false
          when jsonb_typeof(e.item -> 'speaker') is distinct from 'string' then true
          else char_length(e.item ->> 'speaker') not between 1 and 100
        end) end;
end
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
  if f.nullable or f.kind = 'any' then
    body := format('jsonb_typeof(%s) = ''null'' or (%s)', v, body);
  end if;
  return format('case when %s is null then false else coalesce(%s, false) end', v, body);
end
$$;

-- Instants go on the wire as ISO 8601 UTC with milliseconds (what the client's Date#toISOString writes,
-- so a round trip is exact).
create function sync_private.iso(ts timestamptz) returns text
language sql stable as $$
  select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- SQL text of the wire form of a row of `p_table` aliased `alias`: exactly the client's fields. The
-- functions that read rows (load_row, read_row, page_rows) are generated from it once, so reading a row
-- is static SQL with cached plans rather than a catalog lookup per row.
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

-- The wire form of one row as a json_build_object expression over `alias`: wire_expression's, so the
-- fields and their rendering have one definition. Pull pages and pokes are json, text from the start,
-- rather than jsonb values built and then written out as text.
create function sync_private.wire_json_expression(p_table text, alias text) returns text
language sql stable as $$
  select 'json_build_object(' || substr(e, length('jsonb_build_object(') + 1)
  from sync_private.wire_expression(p_table, alias) e
$$;

-- -------------------- Requests --------------------

-- sync_push and sync_pull (docs/sync.md R3, R4, R8, R9, R12, R13, R17, R19–R21, R24–R26, R28, R31) are
-- SECURITY DEFINER with an empty search_path: clients have no write privilege on the synced tables, so
-- sync_push is their only write path; both check auth.uid() themselves and touch only that user's rows.

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

-- A JSON object whose values are all strings of at most max_len characters (zod's
-- z.record(z.string(), z.string().max(max_len))). PL/pgSQL, so its query is planned once per connection
-- (as the array checks above).
create function sync_private.is_text_record(value jsonb, max_len integer)
returns boolean language plpgsql immutable as $$
begin
  -- CASE, not AND: jsonb_each fails on anything but an object.
  return case when jsonb_typeof(value) is distinct from 'object' then false
    else not exists (select 1 from jsonb_each(value) e(k, v)
                     where not sync_private.is_json_string(e.v, 0, max_len)) end;
end
$$;

-- Request shape (R3, R4); a mutation may carry base_text (R40).
create function sync_private.check_push_request(request jsonb) returns void
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

create function sync_private.check_pull_request(request jsonb) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if not sync_private.has_exactly_keys(request, '{protocol,client_id,user_id,cursor,limit,want_digest}')
     or request -> 'protocol' <> '2'::jsonb
     or not sync_private.is_json_string(request -> 'client_id', 1, 64)
     or not sync_private.is_json_string(request -> 'user_id', 1, 64)
     or not sync_private.is_json_int(request -> 'cursor', 0, 9007199254740991)
     or not sync_private.is_json_int(request -> 'limit', 1, 1000)
     or jsonb_typeof(request -> 'want_digest') <> 'boolean' then
    raise exception 'bad pull request: expected {protocol: 2, client_id, user_id, cursor >= 0, limit 1..1000, want_digest}'
      using errcode = '22023';
  end if;
end
$$;

-- The signed-in user, who must be the owner named in the request (R31) and, where they enrolled a second
-- step, have passed it (R41): sync_push and sync_pull run as their owner, so RLS does not ask it for
-- them. 42501 → 401 for anon, 403 else.
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
  if not sync_access.second_step_done() then
    raise exception 'this account uses two-step verification: sign in with its code to sync'
      using errcode = '42501';
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

-- One home for writing a conflict; a lww_lost one keeps the mutation's base text for its field (R40).
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

-- -------------------- Stamping --------------------

-- Every write path takes the next version of its user's clock (R2) and moves the realtime
-- poke (R27). Triggers, not the RPCs, do it, so writes by the service role, by functions or by hand in
-- the SQL editor are stamped exactly like sync_push's.

-- Takes the next version of the user's clock: an update, and an insert only for a user who has no clock
-- row yet. Both lock the user's clock row until the transaction ends: a second writer of the same user
-- waits here, so a version is never visible before a smaller one (sync-design §2, §6.2).
create function sync_private.next_version(p_user_id uuid) returns bigint
language plpgsql volatile set search_path = '' as $$
declare
  taken bigint;
begin
  update public.sync_clock c set version = c.version + 1 where c.user_id = p_user_id returning c.version into taken;
  if found then return taken; end if;
  insert into public.sync_clock as c (user_id, version) values (p_user_id, 1)
  on conflict (user_id) do update set version = c.version + 1
  returning c.version into taken;
  return taken;
end
$$;

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

-- -------------------- Functions generated from the catalog --------------------

-- (Re)generates the catalog's static row functions from the current catalog, so every statement is
-- static (plans cached per connection) instead of an EXECUTE planned for every mutation:
--   is_valid_row(table, d)        a whole row in wire form: exactly the table's fields (strict), each valid;
--   load_row(table, user, id)     the row's wire data and field HLCs, locked for the push (null if none);
--   read_row(table, user, id)     the same without the lock;
--   save_row(table, user, id, data, hlc, is_new)   insert or update the client fields and HLCs;
--   restamp_row(table, user, id)  an update that changes nothing but the version (R17).
create function sync_private.generate_row_functions() returns void
language plpgsql as $gen$
declare
  valid_cases text;
  load_cases text;
  save_cases text;
  restamp_cases text;
begin
  select string_agg(format(
           'when %L then return jsonb_typeof(d) = ''object'' and not exists (select 1 from jsonb_object_keys(d) k where k <> all (%L::text[])) and %s;',
           tb.table_name,
           (select array_agg(f.field order by f.position) from sync_private.fields f where f.table_name = tb.table_name),
           (select string_agg(sync_private.field_check_sql(f), ' and ' order by f.position)
              from sync_private.fields f where f.table_name = tb.table_name)),
         E'\n    ')
    into valid_cases
    from sync_private.tables tb;

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
    create or replace function sync_private.is_valid_row(p_table text, d jsonb) returns boolean
    language plpgsql stable as $body$
    begin
      case p_table
      %s
      end case;
    end
    $body$$f$, valid_cases);
  execute format($f$
    create or replace function sync_private.load_row(p_table text, p_user_id uuid, p_id text, out data jsonb, out hlc jsonb)
    language plpgsql volatile as $body$
    begin
      case p_table
      %s
      end case;
    end
    $body$$f$, replace(load_cases, '%s', 'for update'));
  execute format($f$
    create or replace function sync_private.read_row(p_table text, p_user_id uuid, p_id text, out data jsonb, out hlc jsonb)
    language plpgsql stable as $body$
    begin
      case p_table
      %s
      end case;
    end
    $body$$f$, replace(load_cases, '%s', ''));
  execute format($f$
    create or replace function sync_private.save_row(p_table text, p_user_id uuid, p_id text, p_data jsonb, p_hlc jsonb, is_new boolean)
    returns void language plpgsql volatile as $body$
    begin
      case p_table
      %s
      end case;
    end
    $body$$f$, save_cases);
  execute format($f$
    create or replace function sync_private.restamp_row(p_table text, p_user_id uuid, p_id text)
    returns void language plpgsql volatile as $body$
    begin
      case p_table
      %s
      end case;
    end
    $body$$f$, restamp_cases);
end
$gen$;

-- The expression for one row's HLCs, `alias.hlc`, as the wire carries them (R4): one string when every
-- field of the table is a key, no other key is, and every field has the first field's HLC (a row written
-- by one command); else the map. Generated per table from the catalog, so it costs a few key lookups per
-- row rather than building or comparing a jsonb value.
create function sync_private.compact_hlc_expression(p_table text, alias text) returns text
language sql stable as $$
  with f as (
    select array_agg(field order by position) as names from sync_private.fields where table_name = p_table
  )
  select case when cardinality(f.names) is null then format('%I.hlc::json', alias) else
    format('case when %1$I.hlc ?& %2$L::text[] and (%1$I.hlc - %2$L::text[]) = ''{}''::jsonb', alias, f.names)
    || coalesce((select string_agg(format(' and %1$I.hlc ->> %2$L = %1$I.hlc ->> %3$L', alias, n, f.names[1]), '')
                   from unnest(f.names[2:]) n), '')
    || format(' then to_json(%1$I.hlc ->> %2$L) else %1$I.hlc::json end', alias, f.names[1])
  end
  from f
$$;

-- page_rows(user, after, up_to, lim): the rows of a user with a version in (after, up_to], at most lim,
-- in version order, rendered as the wire carries them (json, R4). One ordered branch per table, each an
-- index range scan on (user_id, version) that renders as it reads, merged in version order (a Merge
-- Append under the limit, so only the page's rows and one row ahead per table are rendered). Plain SQL
-- with no SET clause, so the planner inlines it into sync_pull's query and the poke's.
create function sync_private.generate_pull_functions() returns void
language plpgsql as $gen$
declare
  branches text;
begin
  select string_agg(format(
           '(select %L::text, t.id, t.version, %s, %s from public.%I t '
           'where t.user_id = p_user_id and t.version > after and t.version <= up_to order by t.version limit lim)',
           tb.table_name, sync_private.wire_json_expression(tb.table_name, 't'),
           sync_private.compact_hlc_expression(tb.table_name, 't'), tb.table_name),
         E'\n      union all\n      ')
    into branches
    from sync_private.tables tb;
  execute format($f$
    create or replace function sync_private.page_rows(p_user_id uuid, after bigint, up_to bigint, lim integer)
    returns table (table_name text, id text, version bigint, data json, hlc json)
    language sql stable as $body$
      select * from (
      %s
      ) u order by u.version limit lim
    $body$$f$, branches);
end
$gen$;

-- stamp_row, BEFORE INSERT OR UPDATE on each synced table, generated from the catalog as static column
-- comparisons (no catalog read, no row converted to jsonb per write). Invariants:
-- * version is always the clock's next value (a caller cannot choose or keep it);
-- * a row never changes owner;
-- * a field whose value changes while its HLC does not (a write that bypassed sync_push) gets a server
--   HLC newer than the one it replaces, so the write wins over what devices hold and LWW stays total.
create function sync_private.generate_stamp_function() returns void
language plpgsql as $gen$
declare
  cases text;
begin
  select string_agg(format('when %L then %s', tb.table_name, coalesce((
           select string_agg(format(
                    'if new.%1$I is distinct from old.%1$I and new.hlc -> %2$L is not distinct from old.hlc -> %2$L then '
                    'new.hlc := jsonb_set(coalesce(new.hlc, ''{}''::jsonb), array[%2$L], '
                    'to_jsonb(sync_private.server_hlc(old.hlc ->> %2$L, now_ms))); end if;',
                    f.field, f.field), ' ' order by f.position)
             from sync_private.fields f where f.table_name = tb.table_name), 'null;')),
         E'\n        ')
    into cases
    from sync_private.tables tb;
  execute format($f$
    create or replace function sync_private.stamp_row() returns trigger
    language plpgsql security definer set search_path = '' as $body$
    declare
      now_ms bigint := sync_private.now_ms();
    begin
      if tg_op = 'UPDATE' then
        if new.user_id is distinct from old.user_id then
          raise exception 'a synced row cannot change owner' using errcode = '42501';
        end if;
        case tg_table_name
        %s
        end case;
      end if;
      new.hlc := coalesce(new.hlc, '{}'::jsonb);
      new.version := sync_private.next_version(new.user_id);
      new.updated_at := now();
      return new;
    end
    $body$$f$, cases);
end
$gen$;

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

-- Every catalog-generated function made again from the current catalog: a new synced field adds its
-- column and catalog row, then calls this.
create function sync_private.generate_catalog_functions() returns void
language plpgsql as $$
begin
  perform sync_private.generate_row_functions();
  perform sync_private.generate_pull_functions();
  perform sync_private.generate_stamp_function();
  perform sync_private.generate_text_fields_function();
end
$$;

select sync_private.generate_catalog_functions();

-- stamp_row on every synced table.
do $$
declare
  t text;
begin
  foreach t in array array['notes', 'diary_entries', 'mood_entries', 'recordings', 'user_settings', 'subscriptions', 'conflicts'] loop
    execute format('create trigger sync_stamp before insert or update on public.%I for each row execute function sync_private.stamp_row()', t);
  end loop;
end
$$;

-- Every synced row of a user with a version in (after, up_to], as (table, id, version): a union over the
-- tables generated from the catalog, each branch an index range scan on (user_id, version). The digest
-- reads it.
do $gen$
declare
  version_branches text;
begin
  select
    string_agg(format(
      'select %L::text as table_name, t.id, t.version from public.%I t '
      'where t.user_id = p_user_id and t.version > after and t.version <= up_to',
      tb.table_name, tb.table_name), E'\n  union all\n  ')
  into version_branches
  from sync_private.tables tb;

  execute format($f$
    create function sync_private.user_versions(p_user_id uuid, after bigint, up_to bigint)
    returns table (table_name text, id text, version bigint)
    language sql stable as $body$
      %s
    $body$$f$, version_branches);
end
$gen$;

-- Per-table count and sum mod 2^32 of FNV-1a-32("<id>:<version>") over every row up to the clock (R28).
create function sync_private.digest(p_user_id uuid, up_to bigint) returns jsonb
language sql stable as $$
  select coalesce(jsonb_object_agg(d.table_name, jsonb_build_object('count', d.n, 'hash', d.h)), '{}'::jsonb)
  from (
    select r.table_name, count(*) as n, sum(sync_private.fnv1a32(r.id || ':' || r.version::text)) % 4294967296 as h
    from sync_private.user_versions(p_user_id, 0, up_to) r
    group by r.table_name
  ) d
$$;

-- -------------------- sync_push and sync_pull --------------------

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

-- Pages rows after the cursor in version order. Versions are taken under the clock's row lock and
-- become visible in commit order, so every version up to the committed clock read here is final: a
-- page bounded by it never skips a row that commits later (sync-design §2).
create function public.sync_pull(request jsonb) returns json
-- Volatile: the first pull of a client binds it to the user (R31).
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid;
  last_seq bigint;
  clk bigint;
  horizon bigint;
  cur bigint;
  lim integer;
  page json;
  n integer;
  last_version bigint;
  has_more boolean;
  next_cursor bigint;
begin
  perform sync_private.check_pull_request(request);
  uid := sync_private.request_user(request);
  last_seq := sync_private.bind_client(request ->> 'client_id', uid, false);
  select c.version, c.min_valid_cursor into clk, horizon from public.sync_clock c where c.user_id = uid;
  clk := coalesce(clk, 0);
  horizon := coalesce(horizon, 0);
  cur := (request ->> 'cursor')::bigint;
  lim := (request ->> 'limit')::integer;
  if (cur > 0 and cur < horizon) or cur > clk then
    return json_build_object('reset_required', true);
  end if;

  -- One row past the page tells whether there is more.
  select coalesce(json_agg(json_build_object(
           'table', p.table_name, 'id', p.id, 'version', p.version,
           'data', p.data, 'hlc', p.hlc) order by p.version)
           filter (where p.rn <= lim), '[]'::json),
         count(*), max(p.version) filter (where p.rn <= lim)
    into page, n, last_version
    from (
      select r.*, row_number() over (order by r.version) as rn
      from sync_private.page_rows(uid, cur, clk, lim + 1) r
    ) p;
  has_more := n > lim;
  next_cursor := case when has_more then last_version else clk end;
  if (request -> 'want_digest')::boolean and not has_more then
    return json_build_object(
      'reset_required', false, 'rows', page, 'next_cursor', next_cursor, 'has_more', has_more,
      'clock', clk, 'last_mutation_seq', last_seq, 'digest', sync_private.digest(uid, clk));
  end if;
  return json_build_object(
    'reset_required', false, 'rows', page, 'next_cursor', next_cursor, 'has_more', has_more,
    'clock', clk, 'last_mutation_seq', last_seq);
end
$$;

-- -------------------- Pokes --------------------

-- Realtime poke (R27, R27a): at commit, once per user whose clock moved in the transaction. The deferred
-- trigger fires for every clock update; only the event carrying the final version sends, so a push of
-- 200 mutations is one poke. The topic is private (the policies below).
--
-- The transaction that moves a user's clock holds the clock's row lock from its first version to its
-- commit, so the versions after the clock it found and up to the one it commits with are its own, every
-- one of them: the rows holding them are exactly what sync_pull would answer a device whose cursor is
-- that first clock. When there are at most 20 such rows and their JSON is at most 6,000 bytes, the poke
-- carries them, rendered as a pull page renders them (page_rows), with that first clock as `from`; a
-- device applies them only if its cursor is exactly `from` (and no push of its own was acknowledged
-- after the page that brought it there), and otherwise pulls. A larger transaction's poke carries its
-- version only. 6,000 bytes keep the whole message under PostgreSQL's 8,000-byte NOTIFY limit, through
-- which the local backend broadcasts it, and far under the hosted Realtime's message limit.
--
-- The clock before the transaction is the OLD version of the transaction's first clock update (0 for a
-- clock row it inserts). Deferred trigger events fire in the order they were queued, so the first event
-- of each user records it in a transaction-local setting, and the event holding the final version reads
-- it back.

create function sync_private.poke_on_clock() returns trigger
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

create constraint trigger sync_clock_poke after insert or update on public.sync_clock
  deferrable initially deferred for each row execute function sync_private.poke_on_clock();

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

-- The realtime poke (R27): an authenticated user may receive only on their own private topic, and a
-- password-only session may not join it where a second step is enrolled (Realtime checks at join, R41).
create policy "users receive their own sync pokes" on realtime.messages for select to authenticated
  using ((select realtime.topic()) = 'user:' || (select auth.uid())::text and extension = 'broadcast');

create policy "two-step verification where enrolled" on realtime.messages as restrictive for all to authenticated
  using ((select sync_access.second_step_done()))
  with check ((select sync_access.second_step_done()));

-- -------------------- Upkeep and grants --------------------

-- Tombstone GC (R26), service role only: removes tombstones at or below `up_to_version` and raises the
-- horizon, so a device whose cursor is older must reset (it might have missed a removed tombstone).
create function public.sync_compact(target_user_id uuid, up_to_version bigint) returns bigint
language plpgsql volatile security invoker set search_path = '' as $$
declare
  horizon bigint;
begin
  if up_to_version is null or up_to_version < 0 then
    raise exception 'up_to_version must be a version' using errcode = '22023';
  end if;
  -- Lock the clock first: no version can be taken for this user while the tombstones go.
  perform 1 from public.sync_clock c where c.user_id = target_user_id for update;
  delete from public.notes t where t.user_id = target_user_id and t.deleted_at is not null and t.version <= up_to_version;
  delete from public.diary_entries t where t.user_id = target_user_id and t.deleted_at is not null and t.version <= up_to_version;
  delete from public.mood_entries t where t.user_id = target_user_id and t.deleted_at is not null and t.version <= up_to_version;
  delete from public.recordings t where t.user_id = target_user_id and t.deleted_at is not null and t.version <= up_to_version;
  update public.sync_clock c set min_valid_cursor = greatest(c.min_valid_cursor, least(up_to_version, c.version))
   where c.user_id = target_user_id
  returning c.min_valid_cursor into horizon;
  return coalesce(horizon, 0);
end
$$;

revoke all on function public.sync_push(jsonb) from public, anon;
revoke all on function public.sync_pull(jsonb) from public, anon;
revoke all on function public.sync_compact(uuid, bigint) from public, anon, authenticated;
grant execute on function public.sync_push(jsonb) to authenticated, service_role;
grant execute on function public.sync_pull(jsonb) to authenticated, service_role;
grant execute on function public.sync_compact(uuid, bigint) to service_role;
