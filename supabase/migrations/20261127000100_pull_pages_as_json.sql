-- Murmur sync: pull pages rendered as json rather than jsonb (docs/sync.md, "Server functions").
--
-- A page went out as jsonb: each row built as a binary jsonb value, the rows aggregated into another,
-- the response wrapped around them in a third, and the whole written out as text for the wire. json is
-- text from the start, so the same rows render in about half the time (10,000 notes in pages of 1,000
-- on PGlite: 254 ms as jsonb, 124 ms as json). The response is the same JSON document; only the order
-- of keys inside an object may differ, which no reader depends on. The request is still jsonb, and so
-- are the stored HLCs and the digest.

-- The wire form of one row as a json_build_object expression over `alias`: wire_expression's, so the
-- fields and their rendering have one definition.
create function sync_private.wire_json_expression(p_table text, alias text) returns text
language sql stable as $$
  select 'json_build_object(' || substr(e, length('jsonb_build_object(') + 1)
  from sync_private.wire_expression(p_table, alias) e
$$;

-- page_rows's columns change type, which create or replace cannot do.
drop function sync_private.page_rows(uuid, bigint, bigint, integer);

create or replace function sync_private.generate_pull_functions() returns void
language plpgsql as $gen$
declare
  branches text;
begin
  select string_agg(format(
           '(select %L::text, t.id, t.version, %s, t.hlc::json from public.%I t '
           'where t.user_id = p_user_id and t.version > after and t.version <= up_to order by t.version limit lim)',
           tb.table_name, sync_private.wire_json_expression(tb.table_name, 't'), tb.table_name),
         E'\n      union all\n      ')
    into branches
    from sync_private.tables tb;
  -- Plain SQL with no SET clause, so the planner inlines it into sync_pull's query.
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

select sync_private.generate_pull_functions();

-- The return type changes from jsonb to json, which create or replace cannot do either.
drop function public.sync_pull(jsonb);

-- As in 20261126000100, with the page and the response built as json. Versions are taken under the
-- clock's row lock and become visible in commit order, so every version up to the committed clock read
-- here is final: a page bounded by it never skips a row that commits later (sync-design §2).
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

revoke all on function public.sync_pull(jsonb) from public, anon;
grant execute on function public.sync_pull(jsonb) to authenticated, service_role;
