-- Timed transcripts: a recording keeps the segments its transcription service returned (start and end in
-- seconds, the words, and the speaker where the service tells them apart), so exports carry WebVTT and
-- every device has the timings, not only the one that transcribed.
--
-- Adding a synced field means: the column, its catalog row, a check for its kind, and the catalog-generated
-- row functions made again. The generators now live in one function, so the next field calls it too.

alter table public.recordings add column segments jsonb not null default '[]';

-- An array of at most max_items objects {start, end, text[, speaker]}: 0 <= start <= end, text of at most
-- max_len characters, speaker a non-empty string of at most 100 (the zod schema transcriptSegmentSchema).
create function sync_private.is_segment_array(value jsonb, max_items integer, max_len integer)
returns boolean language sql immutable as $$
  select case when jsonb_typeof(value) is distinct from 'array' then false
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
      end) end
$$;

-- Every kind of 20261122000200_sync_catalog.sql, plus segments.
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
  if f.nullable or f.kind = 'any' then
    body := format('jsonb_typeof(%s) = ''null'' or (%s)', v, body);
  end if;
  return format('case when %s is null then false else coalesce(%s, false) end', v, body);
end
$$;

insert into sync_private.fields
  (table_name, field, position, kind, nullable, min_len, max_len, min_num, max_num, max_items, enum_values, is_text) values
  ('recordings', 'segments', 13, 'segments', false, 0, 10000, null, null, 20000, null, false);

-- (Re)generates the catalog's static row functions (is_valid_row, load_row, read_row, save_row,
-- restamp_row; see 20261122000200 and 20261122000400 for what each does) from the current catalog.
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

select sync_private.generate_row_functions();
