-- "Delete forever" (docs/sync.md R42) also empties the base text a conflict kept for merging two edits
-- (R40): a client may clear base_value on an existing conflict, never set it to a text of its own, so
-- refusal() gains that one check (the rest of it is unchanged).
update sync_private.tables
   set patchable = '{resolved_at,losing_value,base_value}'
 where table_name = 'conflicts';

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
  -- A server-owned field a client may patch only to empty it (conflicts.base_value: R40, R42).
  if not meta.writable and patch ? 'base_value' and patch -> 'base_value' <> 'null'::jsonb then
    return 'base_value can only be cleared';
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

select sync_private.generate_catalog_functions();
