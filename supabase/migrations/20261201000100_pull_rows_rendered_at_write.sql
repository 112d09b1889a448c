-- Murmur sync: a pull of protocol 2 sends each row as it was rendered when it was written
-- (docs/sync.md R4a, docs/adr/0123).
--
-- A page of protocol 2 was rendered as it was asked for: each table's rows scanned and merged by
-- version, each row's data built as json, its HLC tested for one shared value, and the rows aggregated.
-- A first sync asks for every row the user has, and that rendering was most of the server's time on
-- the walk: ten pages of 1,000 notes took 157–168 ms of PGlite's time, every one of them on the path
-- from a page's request to its answer. The same pages read from rows rendered when they were written
-- took 24–32 ms, and 36–41 ms with the page checked as json.
--
-- sync_private.wire_rows keeps, for every synced row, the exact text a protocol 2 pull sends for it:
-- {table, id, version, data, hlc}, with data and hlc rendered by the same generated expressions as
-- compact_page_rows (wire_json_expression, compact_hlc_expression). A trigger after every insert,
-- update and delete of a synced table keeps it, in the same transaction as the row and with the row's
-- stamped version, so a wire row is visible exactly when its row is and sync_pull's clock guard (R2)
-- holds for both. Every write path reaches it: sync_push, functions, the service role, cascades and
-- sync_compact's purge.
--
-- Invariant (R4a): a change to a table's columns, fields or wire expressions regenerates
-- keep_wire_row and renders that table's wire rows again (render_wire_rows), in the same migration.
-- Protocol 1 pulls and pokes still render from the tables (page_rows), so the two are checked against
-- each other by the contract tests.

create table sync_private.wire_rows (
  user_id uuid not null references auth.users (id) on delete cascade,
  table_name text not null references sync_private.tables (table_name),
  id text not null,
  version bigint not null,
  wire text not null,
  primary key (user_id, table_name, id)
);

create index wire_rows_user_version_idx on sync_private.wire_rows (user_id, version);

-- Plumbing: nobody but the functions (the schema is closed to clients as well).
alter table sync_private.wire_rows enable row level security;
revoke all on sync_private.wire_rows from public;

-- The text a protocol 2 pull sends for one row of p_table, as an expression over `alias`.
create function sync_private.wire_row_expression(p_table text, alias text) returns text
language sql stable as $$
  select format(
    'json_build_object(''table'', %L, ''id'', %I.id, ''version'', %I.version, ''data'', %s, ''hlc'', %s)::text',
    p_table, alias, alias,
    sync_private.wire_json_expression(p_table, alias),
    sync_private.compact_hlc_expression(p_table, alias))
$$;

-- keep_wire_row: one branch per table, generated from the catalog like stamp_row.
create function sync_private.generate_wire_row_function() returns void
language plpgsql as $gen$
declare
  cases text;
begin
  select string_agg(format('when %L then rendered := %s;', tb.table_name,
                           sync_private.wire_row_expression(tb.table_name, 'new')),
                    E'\n        ')
    into cases
    from sync_private.tables tb;
  execute format($f$
    create or replace function sync_private.keep_wire_row() returns trigger
    language plpgsql security definer set search_path = '' as $body$
    declare
      rendered text;
    begin
      if tg_op = 'TRUNCATE' then
        delete from sync_private.wire_rows w where w.table_name = tg_table_name::text;
        return null;
      end if;
      if tg_op <> 'INSERT' and (tg_op = 'DELETE' or old.id is distinct from new.id or old.user_id is distinct from new.user_id) then
        delete from sync_private.wire_rows w
         where w.user_id = old.user_id and w.table_name = tg_table_name::text and w.id = old.id;
      end if;
      if tg_op = 'DELETE' then
        return null;
      end if;
      case tg_table_name
        %s
      end case;
      insert into sync_private.wire_rows as w (user_id, table_name, id, version, wire)
      values (new.user_id, tg_table_name, new.id, new.version, rendered)
      on conflict (user_id, table_name, id) do update set version = excluded.version, wire = excluded.wire;
      return null;
    end
    $body$$f$, cases);
end
$gen$;

select sync_private.generate_wire_row_function();

-- Renders every wire row of one table from its rows, replacing what was there.
create function sync_private.render_wire_rows(p_table text) returns void
language plpgsql as $$
begin
  delete from sync_private.wire_rows w where w.table_name = p_table;
  execute format(
    'insert into sync_private.wire_rows (user_id, table_name, id, version, wire) '
    'select t.user_id, %L, t.id, t.version, %s from public.%I t',
    p_table, sync_private.wire_row_expression(p_table, 't'), p_table);
end
$$;

do $$
declare
  t text;
begin
  for t in select tb.table_name from sync_private.tables tb order by tb.table_name loop
    execute format('create trigger keep_wire_row after insert or update or delete on public.%I '
                   'for each row execute function sync_private.keep_wire_row()', t);
    execute format('create trigger keep_wire_rows_on_truncate after truncate on public.%I '
                   'for each statement execute function sync_private.keep_wire_row()', t);
    perform sync_private.render_wire_rows(t);
  end loop;
end
$$;

-- A new synced field regenerates the row functions; keep_wire_row is one of them now.
create or replace function sync_private.generate_catalog_functions() returns void
language plpgsql as $$
begin
  perform sync_private.generate_row_functions();
  perform sync_private.generate_pull_functions();
  perform sync_private.generate_stamp_function();
  perform sync_private.generate_text_fields_function();
  perform sync_private.generate_wire_row_function();
end
$$;

-- As in 20261129000200, with the rows of a protocol 2 request read from wire_rows.
create or replace function public.sync_pull(request jsonb) returns json
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
  page_text text;
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
  if request -> 'protocol' = '2'::jsonb then
    select coalesce(string_agg(w.wire, ',' order by w.version) filter (where w.rn <= lim), ''),
           count(*), max(w.version) filter (where w.rn <= lim)
      into page_text, n, last_version
      from (
        select x.wire, x.version, row_number() over (order by x.version) as rn
        from (
          select r.wire, r.version from sync_private.wire_rows r
          where r.user_id = uid and r.version > cur and r.version <= clk
          order by r.version limit lim + 1
        ) x
      ) w;
    page := ('[' || page_text || ']')::json;
  else
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
  end if;
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
