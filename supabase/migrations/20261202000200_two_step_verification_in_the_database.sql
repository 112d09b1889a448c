-- Murmur: two-step verification enforced by the database, not only by the app's screens.
--
-- A user who enrolled a verified factor signs in with a password (aal1) and then their code (aal2). The
-- screens asked for the code, but a password-only session could read and write every synced row through
-- the Data API and sync_push/sync_pull, receive the realtime pokes (which carry note text) and reach the
-- recordings' audio. Supabase's documented pattern closes that in the database: a RESTRICTIVE policy that
-- requires `aal2` of users with a verified factor, beside the policies that say whose rows are whose.
--
-- The check reads auth.mfa_factors, which clients cannot read; it lives in a schema of its own that
-- `authenticated` may use, holding only this function, so a policy evaluated as the user can call it and
-- nothing else becomes reachable (the Data API and GraphQL reflect what a role may use).

create schema if not exists sync_access;
revoke all on schema sync_access from public;
grant usage on schema sync_access to authenticated, service_role;

-- True when this request's session may act on the signed-in user's data: the user has no verified
-- factor, or the session passed one (aal2). False without a signed-in user.
create function sync_access.second_step_done() returns boolean
language sql stable security definer set search_path = '' as $$
  select (select auth.uid()) is not null
     and (coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2'
          or not exists (select 1 from auth.mfa_factors f
                          where f.user_id = (select auth.uid()) and f.status = 'verified'))
$$;
revoke all on function sync_access.second_step_done() from public;
grant execute on function sync_access.second_step_done() to authenticated, service_role;

do $$
declare
  t text;
begin
  foreach t in array array['notes', 'diary_entries', 'mood_entries', 'recordings', 'user_settings',
                           'subscriptions', 'conflicts', 'trial_usage'] loop
    execute format(
      'create policy "two-step verification where enrolled" on public.%I as restrictive for all to authenticated
         using ((select sync_access.second_step_done()))', t);
  end loop;
end
$$;

-- The pokes: a password-only session may not join the user's topic (Realtime checks this policy at join).
create policy "two-step verification where enrolled" on realtime.messages as restrictive for all to authenticated
  using ((select sync_access.second_step_done()))
  with check ((select sync_access.second_step_done()));

-- The recordings' audio.
create policy "recordings: two-step verification where enrolled" on storage.objects as restrictive
  for all to authenticated
  using (bucket_id <> 'recordings' or (select sync_access.second_step_done()))
  with check (bucket_id <> 'recordings' or (select sync_access.second_step_done()));

-- sync_push and sync_pull run as their owner (RLS does not apply inside them): they ask for the same.
create or replace function sync_private.request_user(request jsonb) returns uuid
language plpgsql stable set search_path = '' as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception 'sign in to sync' using errcode = '42501';
  end if;
  if request ->> 'user_id' is distinct from uid::text then
    raise exception 'this outbox belongs to another user' using errcode = '42501';
  end if;
  if not sync_access.second_step_done() then
    raise exception 'this account uses two-step verification: sign in with its code to sync'
      using errcode = '42501';
  end if;
  return uid;
end
$$;
