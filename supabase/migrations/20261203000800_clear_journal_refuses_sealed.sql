-- A clear journal refuses sealed values (docs/sync.md R46, ADR 0152, issue 56). Turning encryption off
-- removes the user's key envelope (public.journal_keys); the device that does it resends the journal in
-- clear. Another device that still holds the key keeps sealing until it learns: its next push carrying a
-- sealed value is refused as a whole (nothing of it is stored, not even as a rejected conflict, R17),
-- with SQLSTATE PT403 (HTTP 403) and a message that begins `journal_not_encrypted`, so the client tells
-- "this journal is clear again: forget the key and push again" from R45's `journal_encrypted` and from an
-- invalid change. Its outbox holds the words clear (sealing happens as a push is built), so nothing is
-- lost. Without this rule such a device would go on storing ciphertext that devices without the key can
-- never open.

-- The first place a mutation carries a sealed value, as `table.field` (`… base text` for a base text), or
-- null: R45's protected fields and every base text, as sync_private.clear_text_in reads them. A sealed
-- value is any text of the sealed form (R44): the server cannot tell ciphertext from text that looks
-- like it, as R45 cannot.
create function sync_private.sealed_value_in(m jsonb, protected jsonb) returns text
language sql immutable as $$
  select coalesce(
    (select (m ->> 'table') || '.' || e.key from jsonb_each(m -> 'patch') e
      where (protected -> (m ->> 'table')) ? e.key
        and jsonb_typeof(e.value) = 'string' and (e.value #>> '{}') ~ '^mx1\.[A-Za-z0-9_-]+$'
      limit 1),
    (select (m ->> 'table') || '.' || e.key || ' base text'
       from jsonb_each(coalesce(m -> 'base_text', '{}'::jsonb)) e
      where jsonb_typeof(e.value) = 'string' and (e.value #>> '{}') ~ '^mx1\.[A-Za-z0-9_-]+$'
      limit 1))
$$;
revoke all on function sync_private.sealed_value_in(jsonb, jsonb) from public;

-- sync_push as in 20261203000700 (R45), with R46: the envelope is looked up once per push, after the
-- clock's lock; with one, clear text is refused (R45), without one, sealed values are (R46). Each
-- mutation that would be applied is checked before it is.
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
  -- The protected fields of each table ({"notes": {"title": true, …}}).
  protected jsonb;
  -- Whether the user has a key envelope: R45 applies when true, R46 when false.
  encrypted boolean;
  found_at text;
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
  encrypted := exists (select 1 from public.journal_keys k where k.user_id = uid);
  select jsonb_object_agg(p.table_name, p.fields) into protected
    from (select f.table_name, jsonb_object_agg(f.field, true) as fields
            from sync_private.fields f where f.is_protected group by f.table_name) p;
  protected := coalesce(protected, '{}'::jsonb);
  for m in select value from jsonb_array_elements(request -> 'mutations') loop
    seq := (m ->> 'seq')::bigint;
    if seq <= last_seq then
      results := results || jsonb_build_object('seq', seq, 'status', 'duplicate');
      continue;
    end if;
    if encrypted then
      found_at := sync_private.clear_text_in(m, protected);
      if found_at is not null then
        -- The whole push rolls back: nothing of it is stored, the client's outbox keeps every change.
        raise exception using
          errcode = 'PT403',
          message = format('journal_encrypted: this journal is encrypted, and change %s sends %s in clear',
                           seq, found_at),
          detail = 'journal_encrypted',
          hint = 'Unlock the journal on this device: its changes are then sealed with its key.';
      end if;
    else
      found_at := sync_private.sealed_value_in(m, protected);
      if found_at is not null then
        -- R46: rolled back whole as well; the device forgets its key and sends the same changes clear.
        raise exception using
          errcode = 'PT403',
          message = format('journal_not_encrypted: this journal is no longer encrypted, and change %s sends %s sealed',
                           seq, found_at),
          detail = 'journal_not_encrypted',
          hint = 'Encryption was turned off: forget the journal key on this device and push in clear.';
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
