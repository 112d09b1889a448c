-- Conflict copies follow the journal's encryption (docs/sync.md R48, ADR 0151, ADR 0152, issue 56).
-- A conflict keeps the words that lost (losing_value) and the base text of the edit that made it
-- (base_value) as they were pushed: clear when the journal was clear, sealed when it was encrypted. The
-- device that turns encryption on resends them sealed, and the one that turns it off resends them
-- clear, as it resends every entry. Until now a client could only empty them (R42, R43), so the copies
-- kept before the turning on stayed readable on the server, and those kept while encrypted stayed sealed
-- after the turning off. A client may now also replace a kept value where one is kept; it still never
-- sets one where none is (a conflict without a base text gains none). R45 and R46 decide which form the
-- replacement must have, so only the form can change: the server cannot tell one text from another
-- under a seal, and the owner is the only one who may write there (RLS, sync_push's user).

-- The same checks as in 20261203000450, with the one on kept values widened from "only cleared".
create or replace function sync_private.refusal(p_user_id uuid, m jsonb, meta sync_private.tables, existing jsonb)
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
  -- A conflict's kept values (R42, R48): emptied, or replaced where one is kept; never set where none is.
  if not meta.writable then
    select k into bad from jsonb_object_keys(patch) k
     where k in ('losing_value', 'base_value') and patch -> k <> 'null'::jsonb
       and coalesce(existing -> k, 'null'::jsonb) = 'null'::jsonb
     limit 1;
    if bad is not null then return bad || ' can only be cleared, or resent where one is kept'; end if;
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

-- A rejected change kept whole (a conflict's losing_value that is an object, R17) holds its protected
-- fields each sealed for the entry it was meant for, as the change was pushed. Its field names are those
-- of some table's protected fields (`protected`, as sync_push reads it); the server does not know from
-- the mutation which table the change was for, and no field of another table shares those names.
create function sync_private.kept_change_field(value jsonb, protected jsonb, sealed boolean) returns text
language sql immutable as $$
  select k.key from jsonb_each(value) k
   where exists (select 1 from jsonb_each(protected) t where t.value ? k.key)
     and case when sealed
              then jsonb_typeof(k.value) = 'string' and (k.value #>> '{}') ~ '^mx1\.[A-Za-z0-9_-]+$'
              else not sync_private.is_sealed_or_empty(k.value) end
   limit 1
$$;
revoke all on function sync_private.kept_change_field(jsonb, jsonb, boolean) from public;

-- As in 20261203000700 (R45), with a conflict's kept change taken field by field.
create or replace function sync_private.clear_text_in(m jsonb, protected jsonb) returns text
language sql immutable as $$
  select coalesce(
    (select (m ->> 'table') || '.' || e.key from jsonb_each(m -> 'patch') e
      where (protected -> (m ->> 'table')) ? e.key
        and case when m ->> 'table' = 'conflicts' and jsonb_typeof(e.value) = 'object'
                 then sync_private.kept_change_field(e.value, protected, false) is not null
                 else not sync_private.is_sealed_or_empty(e.value) end
      limit 1),
    (select (m ->> 'table') || '.' || e.key || ' base text'
       from jsonb_each(coalesce(m -> 'base_text', '{}'::jsonb)) e
      where not sync_private.is_sealed_or_empty(e.value)
      limit 1))
$$;

-- As in 20261203000800 (R46), with a conflict's kept change taken field by field.
create or replace function sync_private.sealed_value_in(m jsonb, protected jsonb) returns text
language sql immutable as $$
  select coalesce(
    (select (m ->> 'table') || '.' || e.key from jsonb_each(m -> 'patch') e
      where (protected -> (m ->> 'table')) ? e.key
        and case when m ->> 'table' = 'conflicts' and jsonb_typeof(e.value) = 'object'
                 then sync_private.kept_change_field(e.value, protected, true) is not null
                 else jsonb_typeof(e.value) = 'string' and (e.value #>> '{}') ~ '^mx1\.[A-Za-z0-9_-]+$' end
      limit 1),
    (select (m ->> 'table') || '.' || e.key || ' base text'
       from jsonb_each(coalesce(m -> 'base_text', '{}'::jsonb)) e
      where jsonb_typeof(e.value) = 'string' and (e.value #>> '{}') ~ '^mx1\.[A-Za-z0-9_-]+$'
      limit 1))
$$;
