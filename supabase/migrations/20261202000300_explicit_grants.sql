-- Murmur: every privilege the API roles have, granted here and nowhere else.
--
-- Hosted projects no longer grant table and function privileges in `public` to anon, authenticated and
-- service_role by default (new projects since 30 May 2026, every project since 30 Oct 2026). The earlier
-- migrations relied on those defaults, so on such a project the functions could not write subscriptions
-- or trial records and the app could not read its subscription. What each role needs:
--
-- - anon: nothing in `public`.
-- - authenticated: to read its own rows (RLS scopes every read to the owner, and requires aal2 where a
--   factor is enrolled): the app reads its subscription and trial record, and a person may read their
--   whole journal through the Data API, their data being theirs. Writes go through sync_push only.
-- - service_role: the Edge Functions' writes (subscriptions, trial records) and the server-side upkeep
--   the service role is for (sync_compact, a stamped server write to any synced table).
--
-- sync_push, sync_pull and sync_compact keep the explicit grants of 20261122000600/20261127000100.

grant select on public.notes, public.diary_entries, public.mood_entries, public.recordings,
  public.user_settings, public.subscriptions, public.conflicts, public.trial_usage
  to authenticated;

grant select, insert, update, delete on public.notes, public.diary_entries, public.mood_entries,
  public.recordings, public.user_settings, public.subscriptions, public.conflicts, public.trial_usage
  to service_role;
grant select, update on public.sync_clock to service_role;
