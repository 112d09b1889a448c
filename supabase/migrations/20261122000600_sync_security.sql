-- Murmur sync: who may do what. RLS decides what a user reads; writes to synced data go through
-- sync_push (SECURITY DEFINER) or the service role, and every one of them is stamped by the triggers.

-- Tombstone GC (R26), service role only: removes tombstones at or below `up_to_version` and raises the
-- horizon, so a device whose cursor is older must reset (it might have missed a removed tombstone).
create function public.sync_compact(target_user_id uuid, up_to_version bigint) returns bigint
language plpgsql volatile security invoker set search_path = '' as $$
declare
  horizon bigint;
begin
  if up_to_version is null or up_to_version < 0 then
    raise exception 'up_to_version must be a version' using errcode = '22023';
  end if;
  -- Lock the clock first: no version can be taken for this user while the tombstones go.
  perform 1 from public.sync_clock c where c.user_id = target_user_id for update;
  delete from public.notes t where t.user_id = target_user_id and t.deleted_at is not null and t.version <= up_to_version;
  delete from public.diary_entries t where t.user_id = target_user_id and t.deleted_at is not null and t.version <= up_to_version;
  delete from public.mood_entries t where t.user_id = target_user_id and t.deleted_at is not null and t.version <= up_to_version;
  delete from public.recordings t where t.user_id = target_user_id and t.deleted_at is not null and t.version <= up_to_version;
  update public.sync_clock c set min_valid_cursor = greatest(c.min_valid_cursor, least(up_to_version, c.version))
   where c.user_id = target_user_id
  returning c.min_valid_cursor into horizon;
  return coalesce(horizon, 0);
end
$$;

revoke all on function public.sync_push(jsonb) from public, anon;
revoke all on function public.sync_pull(jsonb) from public, anon;
revoke all on function public.sync_compact(uuid, bigint) from public, anon, authenticated;
grant execute on function public.sync_push(jsonb) to authenticated, service_role;
grant execute on function public.sync_pull(jsonb) to authenticated, service_role;
grant execute on function public.sync_compact(uuid, bigint) to service_role;

do $$
declare
  t text;
begin
  foreach t in array array['notes', 'diary_entries', 'mood_entries', 'recordings', 'user_settings', 'subscriptions', 'conflicts'] loop
    execute format('alter table public.%I enable row level security', t);
    -- Clients write only through sync_push; the privilege itself is gone, not just the policy.
    execute format('revoke insert, update, delete, truncate on public.%I from anon, authenticated', t);
    execute format('create policy "owners read their rows" on public.%I for select to authenticated using ((select auth.uid()) = user_id)', t);
  end loop;
end
$$;

alter table public.trial_usage enable row level security;
revoke insert, update, delete, truncate on public.trial_usage from anon, authenticated;
create policy "users read their own trial record" on public.trial_usage for select to authenticated
  using ((select auth.uid()) = user_id or lower(email) = lower((select auth.jwt()) ->> 'email'));

-- Plumbing: nobody but the functions and the service role.
alter table public.sync_clock enable row level security;
alter table public.sync_clients enable row level security;
revoke all on public.sync_clock, public.sync_clients from anon, authenticated;

-- The realtime poke (R27): an authenticated user may receive only on their own private topic.
create policy "users receive their own sync pokes" on realtime.messages for select to authenticated
  using ((select realtime.topic()) = 'user:' || (select auth.uid())::text and extension = 'broadcast');
