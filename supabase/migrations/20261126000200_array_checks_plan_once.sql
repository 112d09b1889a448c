-- Murmur sync: the array checks of sync_push plan once per connection (docs/sync.md, "Server functions").
--
-- is_text_array (tags, activities) and is_segment_array (a recording's timed transcript) were SQL
-- functions with a subquery. Postgres cannot inline such a function, so every call planned its query
-- again: one call per note or mood entry a push validates, about a sixth of sync_push's time on a
-- push of note edits. As PL/pgSQL the same expressions keep their plan for the connection. The checks
-- themselves are unchanged (the validation tests compare them with the zod schemas).

create or replace function sync_private.is_text_array(value jsonb, trimmed boolean, min_len integer, max_len integer, max_items integer)
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

create or replace function sync_private.is_segment_array(value jsonb, max_items integer, max_len integer)
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
