-- Murmur sync: sync_pull (docs/sync.md R4, R13, R26, R28) and tombstone compaction (R26).

create function sync_private.check_pull_request(request jsonb) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if not sync_private.has_exactly_keys(request, '{protocol,client_id,user_id,cursor,limit,want_digest}')
     or request -> 'protocol' <> '1'::jsonb
     or not sync_private.is_json_string(request -> 'client_id', 1, 64)
     or not sync_private.is_json_string(request -> 'user_id', 1, 64)
     or not sync_private.is_json_int(request -> 'cursor', 0, 9007199254740991)
     or not sync_private.is_json_int(request -> 'limit', 1, 1000)
     or jsonb_typeof(request -> 'want_digest') <> 'boolean' then
    raise exception 'bad pull request: expected {protocol: 1, client_id, user_id, cursor >= 0, limit 1..1000, want_digest}'
      using errcode = '22023';
  end if;
end
$$;

-- Every synced row of a user with a version in (after, up_to], as (table, id, version): a union over the
-- tables generated from the catalog, each branch an index range scan on (user_id, version). Pull pages
-- choose rows with it and render only the page's rows (read_row).
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

-- Pages rows after the cursor in version order. Versions are taken under the clock's row lock and
-- become visible in commit order, so every version up to the committed clock read here is final: a
-- page bounded by it never skips a row that commits later (sync-design §2).
create function public.sync_pull(request jsonb) returns jsonb
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

  select coalesce(jsonb_agg(jsonb_build_object(
           'table', p.table_name, 'id', p.id, 'version', p.version,
           'data', p.data, 'hlc', p.hlc) order by p.version)
           filter (where p.rn <= lim), '[]'::jsonb),
         count(*), max(p.version) filter (where p.rn <= lim)
    into page, n, last_version
    from (
      -- The page is chosen on (table, id, version) alone; only its rows are rendered.
      select r.table_name, r.id, r.version, w.data, w.hlc, r.rn
      from (
        select v.*, row_number() over (order by v.version) as rn
        from (select * from sync_private.user_versions(uid, cur, clk) u order by u.version limit lim + 1) v
      ) r
      cross join lateral sync_private.read_row(r.table_name, uid, r.id) w
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
