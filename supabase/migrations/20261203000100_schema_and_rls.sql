-- Murmur: the tables, their indexes, and who may read or write them (RLS, policies, grants).
--
-- The server's functions live in 20261203000200_sync.sql (sync) and the recordings' audio in
-- 20261203000300_storage.sql. Nothing was deployed before these files, so they hold the current shape
-- of everything; from now on a change to a deployed table or function is a new migration (ADR 0133).
--
-- Every synced table holds the client entity's columns exactly (src/db/entities/*.ts) plus
--   user_id   the owner (RLS and every query filter on it; the primary key is (user_id, id), so one
--             user can never collide with, or learn about, another user's ids),
--   version   the owner's clock value of the row's last write (R2; set by the stamping trigger only),
--   hlc       the per-field HLC of the value held ({"body": "<hlc>", …}; a missing key is the zero HLC),
--   updated_at informational only, never a cursor.
-- Instants are timestamptz (rendered back as ISO 8601 UTC with milliseconds); dated entries keep the
-- time zone they were written in, in their own time_zone column.

create schema if not exists sync_private;
revoke all on schema sync_private from public;

-- Per-user commit-ordered clock (R2, sync-design §6.2): a version is taken with a row-locked
-- `update … returning`, so the next writer of the same user waits until the holder commits and versions
-- become visible in commit order. min_valid_cursor is the tombstone horizon (R26).
create table public.sync_clock (
  user_id uuid primary key references auth.users (id) on delete cascade,
  version bigint not null default 0 check (version >= 0),
  min_valid_cursor bigint not null default 0 check (min_valid_cursor >= 0)
);

-- Idempotency ledger (R8, R31): a client id belongs to the first user that used it.
create table public.sync_clients (
  client_id text primary key check (char_length(client_id) between 1 and 64),
  user_id uuid not null references auth.users (id) on delete cascade,
  last_mutation_seq bigint not null default 0 check (last_mutation_seq >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sync_clients_user_idx on public.sync_clients (user_id);

create table public.notes (
  user_id uuid not null references auth.users (id) on delete cascade,
  id text not null,
  title text not null,
  body text not null,
  font text not null,
  color text not null,
  font_size integer not null,
  pinned boolean not null,
  locked boolean not null,
  tags text[] not null,
  created_at timestamptz not null,
  deleted_at timestamptz,
  version bigint not null,
  hlc jsonb not null default '{}',
  updated_at timestamptz not null default now(),
  primary key (user_id, id)
);

create table public.diary_entries (
  user_id uuid not null references auth.users (id) on delete cascade,
  id text not null,
  day date not null,
  time_zone text not null,
  title text not null,
  body text not null,
  font text not null,
  color text not null,
  font_size integer not null,
  created_at timestamptz not null,
  deleted_at timestamptz,
  version bigint not null,
  hlc jsonb not null default '{}',
  updated_at timestamptz not null default now(),
  primary key (user_id, id)
);

create table public.mood_entries (
  user_id uuid not null references auth.users (id) on delete cascade,
  id text not null,
  moment timestamptz not null,
  time_zone text not null,
  level integer not null check (level between 1 and 5),
  activities text[] not null,
  note text not null,
  created_at timestamptz not null,
  deleted_at timestamptz,
  version bigint not null,
  hlc jsonb not null default '{}',
  updated_at timestamptz not null default now(),
  primary key (user_id, id)
);

create table public.recordings (
  user_id uuid not null references auth.users (id) on delete cascade,
  id text not null,
  entry_table text check (entry_table in ('notes', 'diary_entries', 'mood_entries')),
  entry_id text,
  mime_type text not null,
  size_bytes bigint not null check (size_bytes >= 0),
  duration_ms bigint not null check (duration_ms >= 0),
  sha256 text,
  storage_path text not null,
  uploaded_at timestamptz,
  transcript text not null,
  created_at timestamptz not null,
  deleted_at timestamptz,
  version bigint not null,
  hlc jsonb not null default '{}',
  updated_at timestamptz not null default now(),
  -- The timed transcript its transcription service returned: start and end in seconds, the words, and the
  -- speaker where the service tells them apart, so exports carry WebVTT and every device has the timings.
  segments jsonb not null default '[]',
  primary key (user_id, id)
);

-- product-spec §3: one row per user, keyed by the user; the client entity calls that key `id`.
create table public.user_settings (
  user_id uuid not null references auth.users (id) on delete cascade,
  id text not null,
  auto_save boolean not null default true,
  notifications_enabled boolean not null default true,
  copy_on_transcription boolean not null default true,
  paste_after_transcription boolean not null default true,
  enable_faster_record boolean not null default true,
  recording_device text not null default 'default',
  bitrate text not null default '128kbps',
  recording_confirmation text not null default 'always',
  recording_mode text not null default 'continuous',
  transcription_service text not null default 'whisper',
  transcription_model text not null default 'whisper',
  available_models jsonb not null default '{"whisper": "Whisper", "local": "Local Processing"}',
  audio_processing text not null default 'cloud',
  openrouter_api_key text default null,
  preferred_model text not null default 'openrouter/auto',
  custom_models_array text[] not null default '{}',
  elevenlabs_model text not null default 'scribe_v1',
  elevenlabs_diarize boolean not null default false,
  elevenlabs_tag_audio_events boolean not null default false,
  speaker_language text not null default 'auto',
  preferred_transcription_language text not null default 'auto',
  enable_language_detection boolean not null default true,
  auto_detect_language boolean not null default true,
  auto_punctuation boolean not null default true,
  default_note_font text not null default 'Abril Fatface',
  default_note_color text not null default '#FFF7D1',
  default_note_font_size integer not null default 20,
  default_diary_font text not null default 'Montserrat',
  default_diary_color text not null default '#f3e8ff',
  default_diary_font_size integer not null default 16,
  default_mood_font text not null default 'Architects Daughter',
  default_mood_font_size integer not null default 20,
  auto_delete_recordings boolean not null default true,
  enable_note_lock boolean not null default false,
  enable_text_to_speech boolean not null default true,
  site_config jsonb not null default '{"site_url": "", "site_name": ""}',
  notes_customization_expanded boolean not null default true,
  mood_customization_expanded boolean not null default true,
  mood_section_expanded boolean not null default true,
  transcription_section_expanded boolean not null default true,
  preferred_theme text not null default 'light' check (preferred_theme in ('light', 'dark')),
  -- Legacy: read if present, never written by Murmur (product-spec §3).
  openai_api_key text default null,
  version bigint not null,
  hlc jsonb not null default '{}',
  updated_at timestamptz not null default now(),
  primary key (user_id, id),
  unique (user_id),
  check (id = user_id::text)
);

-- product-spec §3: server-owned (billing); clients only read it. id = the user id on the wire.
create table public.subscriptions (
  user_id uuid not null references auth.users (id) on delete cascade,
  id text not null,
  status text not null,
  current_period_end timestamptz,
  trial_ends_at timestamptz,
  version bigint not null,
  hlc jsonb not null default '{}',
  updated_at timestamptz not null default now(),
  -- Billing provider references, written only by the billing functions (service role). Not sync fields:
  -- the sync catalog does not list them, so devices never receive or send them.
  stripe_customer_id text,
  stripe_subscription_id text,
  primary key (user_id, id),
  unique (user_id),
  check (id = user_id::text)
);

-- A value that did not survive sync (R17, R20–R23): written by sync_push; clients may only set resolved_at.
create table public.conflicts (
  user_id uuid not null references auth.users (id) on delete cascade,
  id text not null,
  table_name text not null,
  row_id text not null,
  field text,
  kind text not null check (kind in ('lww_lost', 'rejected')),
  losing_value jsonb,
  losing_hlc text not null,
  winning_hlc text not null,
  reason text not null,
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  version bigint not null,
  hlc jsonb not null default '{}',
  updated_at timestamptz not null default now(),
  -- For a lww_lost conflict, the text the incoming mutation's author saw in the field (its base_text,
  -- R40), so a device can merge both sides three-way; null without one.
  base_value text,
  primary key (user_id, id)
);

-- product-spec §3: looked up by email; only the existence of a record matters. Not synced.
create table public.trial_usage (
  id uuid primary key default gen_random_uuid(),
  email text not null unique,
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

-- Pull reads "rows of a user after a version" from every table.
create index notes_user_version_idx on public.notes (user_id, version);
create index diary_entries_user_version_idx on public.diary_entries (user_id, version);
create index mood_entries_user_version_idx on public.mood_entries (user_id, version);
create index recordings_user_version_idx on public.recordings (user_id, version);
create index user_settings_user_version_idx on public.user_settings (user_id, version);
create index subscriptions_user_version_idx on public.subscriptions (user_id, version);
create index conflicts_user_version_idx on public.conflicts (user_id, version);

-- Row-level security. RLS decides what a user reads; writes to synced data go through sync_push (SECURITY
-- DEFINER) or the service role, and every one of them is stamped by the triggers (20261203000200).

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

-- Two-step verification enforced by the database, not only by the app's screens. A user who enrolled a
-- verified factor signs in with a password (aal1) and then their code (aal2). Without these policies a
-- password-only session could read every synced row through the Data API, receive the realtime pokes
-- (which carry note text) and reach the recordings' audio. Supabase's documented pattern closes that in
-- the database: a RESTRICTIVE policy that requires `aal2` of users with a verified factor, beside the
-- policies that say whose rows are whose. (The pokes' and the audio's policies are with them, in
-- 20261203000200 and 20261203000300; sync_push and sync_pull ask the same in request_user.)
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

-- Every privilege the API roles have on the tables, granted here and nowhere else. Hosted projects grant
-- no table or function privileges in `public` to anon, authenticated and service_role by default (new
-- projects since 30 May 2026, every project since 30 Oct 2026). What each role needs:
--
-- - anon: nothing in `public`.
-- - authenticated: to read its own rows (RLS scopes every read to the owner, and requires aal2 where a
--   factor is enrolled): the app reads its subscription and trial record, and a person may read their
--   whole journal through the Data API, their data being theirs. Writes go through sync_push only.
-- - service_role: the Edge Functions' writes (subscriptions, trial records) and the server-side upkeep
--   the service role is for (sync_compact, a stamped server write to any synced table).
--
-- The functions' own grants are with the functions (20261203000200).

grant select on public.notes, public.diary_entries, public.mood_entries, public.recordings,
  public.user_settings, public.subscriptions, public.conflicts, public.trial_usage
  to authenticated;

grant select, insert, update, delete on public.notes, public.diary_entries, public.mood_entries,
  public.recordings, public.user_settings, public.subscriptions, public.conflicts, public.trial_usage
  to service_role;
grant select, update on public.sync_clock to service_role;
