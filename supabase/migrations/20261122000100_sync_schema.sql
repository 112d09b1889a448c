-- Murmur sync: tables (docs/sync.md §12 "Server implementation").
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
