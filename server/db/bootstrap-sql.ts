/**
 * The Supabase platform objects the app's migrations and RLS policies rely on: the API roles with Supabase's
 * grants, the auth schema (GoTrue's tables, trimmed to the columns this server uses, under GoTrue's names) and
 * its helper functions, the realtime schema's messages table and publication, and the extensions schema.
 *
 * Invariant: every statement is idempotent, so the script runs at each start; it never drops anything.
 * Sources: supabase/postgres init-scripts 00000000000000-initial-schema.sql and -auth-schema.sql; supabase/auth
 * migrations for the table shapes; the current auth.uid()/role()/email()/jwt() definitions.
 */
export const BOOTSTRAP_SQL = /* sql */ `
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator noinherit nologin; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin noinherit nologin; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_realtime_admin') then create role supabase_realtime_admin noinherit nologin; end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
-- Hosted Supabase's statement timeouts; the Data API applies a role's settings when it switches to it.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists realtime;
create schema if not exists supabase_migrations;
create schema if not exists local_dev;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema realtime to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;

-- As on hosted Supabase since 2026: no default privileges in public for the API roles. Migrations grant
-- what each role needs, explicitly; a tighter local default would hide a grant a hosted project lacks.
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where is_sso_user = false;

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  factor_id uuid,
  aal text not null default 'aal1',
  not_after timestamptz
);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique not null,
  user_id varchar(255) not null,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  parent varchar(255),
  session_id uuid not null references auth.sessions (id) on delete cascade
);

create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  unique (session_id, authentication_method)
);

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null,
  status text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  secret text,
  phone text,
  last_challenged_at timestamptz
);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address text
);
-- GoTrue's column for a phone factor's texted code (kept here as a SHA-256 hex digest, never in clear).
alter table auth.mfa_challenges add column if not exists otp_code text;

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null unique,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  auth_code_issued_at timestamptz
);

-- GoTrue keeps one-time tokens as hashes; flow_state_id marks a token issued in a PKCE flow.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null,
  flow_state_id uuid references auth.flow_state (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

create or replace function auth.uid() returns uuid language sql stable as $fn$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
$fn$;
create or replace function auth.role() returns text language sql stable as $fn$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text
$fn$;
create or replace function auth.email() returns text language sql stable as $fn$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text
$fn$;
create or replace function auth.jwt() returns jsonb language sql stable as $fn$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                  nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$fn$;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
create or replace function realtime.topic() returns text language sql stable as $fn$
  select nullif(current_setting('realtime.topic', true), '')::text
$fn$;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- postgres_changes without logical replication: a row trigger (installed on a table when someone subscribes
-- to it, if the table is in the supabase_realtime publication) sends each change through NOTIFY. Payloads
-- over NOTIFY's 8000-byte limit carry no record and are reported to subscribers as too large.
create or replace function realtime.local_notify_change() returns trigger language plpgsql security definer as $fn$
declare
  payload text;
begin
  payload := json_build_object(
    'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op,
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
    'old_record', case when tg_op <> 'INSERT' then to_jsonb(old) end)::text;
  if octet_length(payload) > 7900 then
    payload := json_build_object('schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op,
      'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'too_large', true)::text;
  end if;
  perform pg_notify('realtime_local_changes', payload);
  return null;
end
$fn$;

-- Broadcast from the database, as Supabase's realtime.send behaves: with the caller's rights; the payload
-- gets the message's id as \`id\` unless it has one; a failure is a WARNING, never the caller's error.
-- The message row is NOTIFYed on commit and the server fans it out to the topic's subscribers.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
language plpgsql as $fn$
declare
  message_id uuid := gen_random_uuid();
begin
  begin
    -- For the insert's policies, which name the topic with realtime.topic().
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (message_id,
            case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(message_id)) end,
            event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end
$fn$;
grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;

-- Supabase's helper for broadcasting row changes from a trigger (\`perform realtime.broadcast_changes(topic,
-- tg_op, tg_op, tg_table_name, tg_table_schema, new, old)\`), with Supabase's body: the payload carries
-- record, old_record, operation, table and schema, and it goes out as a private realtime.send.
create or replace function realtime.broadcast_changes(topic_name text, event_name text, operation text, table_name text,
  table_schema text, new record, old record, level text default 'ROW') returns void language plpgsql as $fn$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end
$fn$;

create or replace function realtime.local_notify_message() returns trigger language plpgsql security definer as $fn$
begin
  if new.extension = 'broadcast' and new.event is distinct from 'authorization_probe' then
    perform pg_notify('realtime_local_broadcast',
      json_build_object('topic', new.topic, 'event', new.event, 'payload', new.payload, 'private', coalesce(new.private, false))::text);
  end if;
  return null;
end
$fn$;
create or replace trigger realtime_local_broadcast after insert on realtime.messages
  for each row execute function realtime.local_notify_message();

-- Same table the Supabase CLI records applied migrations in.
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- The development mailbox: every email or SMS the auth service would have sent.
create table if not exists local_dev.mailbox (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  action_link text,
  code text,
  token_hash text,
  kind text not null,
  created_at timestamptz not null default now()
);
`;
