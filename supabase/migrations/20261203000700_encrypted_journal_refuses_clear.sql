-- An encrypted journal refuses clear text (docs/sync.md R45, ADR 0151, issue 56). Once a user has a key
-- envelope (public.journal_keys), every protected field a push writes, and every base text it carries
-- (R40), must be sealed (R44): a device that has not yet learned that its journal was encrypted
-- elsewhere, a locked device or older code would otherwise go on storing what encryption hides. Such a
-- push is refused as a whole (nothing of it is stored, not even as a rejected conflict, R17), with its
-- own SQLSTATE PT403 (HTTP 403) and a message that begins `journal_encrypted`, so a client tells "this
-- journal is encrypted: you need its key" from an invalid change. What reveals nothing of what a
-- person wrote stays allowed in clear: null, an empty text and an empty list (a purge empties words
-- without the key, R42, R43).

-- The registry's protectedFields (src/db/entities/entity-tables.ts): every field with a sealed bound, and
-- conflicts.losing_value, which needs no bound of its own (kind `any`) but holds a kept copy of words.
alter table sync_private.fields add column is_protected boolean not null default false;
update sync_private.fields
   set is_protected = true
 where sealed_max_len is not null or (table_name = 'conflicts' and field = 'losing_value');

-- A value that reveals nothing of what a person wrote: sealed (R44's form; its length is checked with the
-- row), null, an empty text or an empty list.
create function sync_private.is_sealed_or_empty(value jsonb) returns boolean
language sql immutable as $$
  select coalesce(case jsonb_typeof(value)
    when 'null' then true
    when 'string' then value #>> '{}' = '' or (value #>> '{}') ~ '^mx1\.[A-Za-z0-9_-]+$'
    when 'array' then jsonb_array_length(value) = 0
    else false end, true)
$$;

-- The first place a mutation carries clear text, as `table.field` (`… base text` for a base text), or
-- null. `protected` maps each table to its protected fields ({"notes": {"title": true, …}}). Every base
-- text counts: a base text is always words (R40).
create function sync_private.clear_text_in(m jsonb, protected jsonb) returns text
language sql immutable as $$
  select coalesce(
    (select (m ->> 'table') || '.' || e.key from jsonb_each(m -> 'patch') e
      where (protected -> (m ->> 'table')) ? e.key and not sync_private.is_sealed_or_empty(e.value)
      limit 1),
    (select (m ->> 'table') || '.' || e.key || ' base text'
       from jsonb_each(coalesce(m -> 'base_text', '{}'::jsonb)) e
      where not sync_private.is_sealed_or_empty(e.value)
      limit 1))
$$;

-- sync_push as in 20261203000200, with R45: the envelope is looked up once per push, after the clock's
-- lock (so a push that waited behind another sees an envelope stored meanwhile), and each mutation that
-- would be applied is checked before it is.
create or replace function public.sync_push(request jsonb) returns jsonb
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
  -- R45: the protected fields of each table when the journal is encrypted; null when it is not.
  protected jsonb;
  clear_at text;
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
  if exists (select 1 from public.journal_keys k where k.user_id = uid) then
    select jsonb_object_agg(p.table_name, p.fields) into protected
      from (select f.table_name, jsonb_object_agg(f.field, true) as fields
              from sync_private.fields f where f.is_protected group by f.table_name) p;
    protected := coalesce(protected, '{}'::jsonb);
  end if;
  for m in select value from jsonb_array_elements(request -> 'mutations') loop
    seq := (m ->> 'seq')::bigint;
    if seq <= last_seq then
      results := results || jsonb_build_object('seq', seq, 'status', 'duplicate');
      continue;
    end if;
    if protected is not null then
      clear_at := sync_private.clear_text_in(m, protected);
      if clear_at is not null then
        -- The whole push rolls back: nothing of it is stored, the client's outbox keeps every change.
        raise exception using
          errcode = 'PT403',
          message = format('journal_encrypted: this journal is encrypted, and change %s sends %s in clear',
                           seq, clear_at),
          detail = 'journal_encrypted',
          hint = 'Unlock the journal on this device: its changes are then sealed with its key.';
      end if;
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

-- create or replace keeps the function's privileges; restated, as every sync RPC's are, so they read here.
revoke all on function public.sync_push(jsonb) from public, anon;
grant execute on function public.sync_push(jsonb) to authenticated, service_role;
