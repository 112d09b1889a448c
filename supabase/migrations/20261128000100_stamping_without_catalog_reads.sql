-- Murmur sync: the stamping trigger without a catalog read or a row converted to jsonb per write
-- (docs/sync.md R2, "Server implementation").
--
-- stamp_row (20261122000300) looked up the table's fields in the catalog and converted the old and the
-- new row to jsonb for every updated row, to find a field whose value changed while its HLC did not. A
-- push of 200 edits paid that 200 times: about a fifth of sync_push's time on PGlite. The same check is
-- now generated from the catalog as static comparisons of the row's columns, one branch per table,
-- like the other generated row functions; generate_catalog_functions makes it again with them
-- (from 20261128000200 on).
--
-- next_version takes the clock's next value with an update, and inserts the clock row only for a user
-- who has none yet: an insert that conflicts does the same update after a failed speculative insert.
-- Both forms lock the user's clock row until the transaction ends, so versions still become visible in
-- commit order (sync-design §2).

create or replace function sync_private.next_version(p_user_id uuid) returns bigint
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

-- Invariants as in 20261122000300: version is always the clock's next value; a row never changes owner;
-- a field whose value changes while its HLC does not gets a server HLC newer than the one it replaces.
-- A column compared as itself is distinct exactly when its jsonb form is, which the first form compared.
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

select sync_private.generate_stamp_function();
