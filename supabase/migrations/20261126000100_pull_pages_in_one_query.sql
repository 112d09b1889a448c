-- Murmur sync: a pull page chosen and rendered in one query (docs/sync.md R13, "Server functions").
--
-- sync_pull chose a page on (table, id, version) through user_versions, then rendered each of its rows
-- with a call of read_row: a plpgsql call and a second index lookup per row, about half of the time of
-- a page. page_rows renders the rows in the index scans that choose them instead: one ordered branch
-- per table, each an index range scan on (user_id, version) with the wire expression, merged in version
-- order (a Merge Append under the limit, so only the page's rows and one row ahead per table are
-- rendered). The page and the cursor are the same as before; the digest still uses user_versions.
--
-- Like the functions of generate_row_functions, page_rows is generated from the catalog:
-- generate_catalog_functions makes both again, and a new synced field calls it after its catalog row.

create function sync_private.generate_pull_functions() returns void
language plpgsql as $gen$
declare
  branches text;
begin
  select string_agg(format(
           '(select %L::text, t.id, t.version, %s, t.hlc from public.%I t '
           'where t.user_id = p_user_id and t.version > after and t.version <= up_to order by t.version limit lim)',
           tb.table_name, sync_private.wire_expression(tb.table_name, 't'), tb.table_name),
         E'\n      union all\n      ')
    into branches
    from sync_private.tables tb;
  -- Plain SQL with no SET clause, so the planner inlines it into sync_pull's query.
  execute format($f$
    create or replace function sync_private.page_rows(p_user_id uuid, after bigint, up_to bigint, lim integer)
    returns table (table_name text, id text, version bigint, data jsonb, hlc jsonb)
    language sql stable as $body$
      select * from (
      %s
      ) u order by u.version limit lim
    $body$$f$, branches);
end
$gen$;

create function sync_private.generate_catalog_functions() returns void
language plpgsql as $$
begin
  perform sync_private.generate_row_functions();
  perform sync_private.generate_pull_functions();
end
$$;

select sync_private.generate_pull_functions();

-- As in 20261122000500, but the page comes from page_rows. Versions are taken under the clock's row
-- lock and become visible in commit order, so every version up to the committed clock read here is
-- final: a page bounded by it never skips a row that commits later (sync-design §2).
create or replace function public.sync_pull(request jsonb) returns jsonb
-- Volatile: the first pull of a client binds it to the user (R31).
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid;
  last_seq bigint;
  clk bigint;
  horizon bigint;
  cur bigint;
  lim integer;
  page jsonb;
  n integer;
  last_version bigint;
  has_more boolean;
  response jsonb;
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
    return jsonb_build_object('reset_required', true);
  end if;

  -- One row past the page tells whether there is more.
  select coalesce(jsonb_agg(jsonb_build_object(
           'table', p.table_name, 'id', p.id, 'version', p.version,
           'data', p.data, 'hlc', p.hlc) order by p.version)
           filter (where p.rn <= lim), '[]'::jsonb),
         count(*), max(p.version) filter (where p.rn <= lim)
    into page, n, last_version
    from (
      select r.*, row_number() over (order by r.version) as rn
      from sync_private.page_rows(uid, cur, clk, lim + 1) r
    ) p;
  has_more := n > lim;
  response := jsonb_build_object(
    'reset_required', false,
    'rows', page,
    'next_cursor', case when has_more then last_version else clk end,
    'has_more', has_more,
    'clock', clk,
    'last_mutation_seq', last_seq);
  if (request -> 'want_digest')::boolean and not has_more then
    response := response || jsonb_build_object('digest', sync_private.digest(uid, clk));
  end if;
  return response;
end
$$;

-- sync_pull was the only caller of read_row; generate_row_functions still makes it, so it stays.
