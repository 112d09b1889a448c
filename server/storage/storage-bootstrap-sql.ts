/**
 * The storage schema as Supabase Storage creates it before any project migration runs (supabase/storage
 * migrations, trimmed to the columns this server uses, under the same names): buckets, objects with RLS on
 * and no policies (so only the service role or a project policy lets a request through), and the
 * foldername/filename/extension helpers policies use. Idempotent like the rest of the bootstrap.
 *
 * `local_dev.storage_uploads` holds resumable (TUS) uploads in progress; Supabase keeps that state in its own
 * upload store, which no project SQL ever touches.
 */
export const STORAGE_BOOTSTRAP_SQL = /* sql */ `
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text not null,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  version text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now(),
  unique (bucket_id, name)
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $fn$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$fn$;
create or replace function storage.filename(name text) returns text language plpgsql immutable as $fn$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$fn$;
create or replace function storage.extension(name text) returns text language plpgsql immutable as $fn$
declare _parts text[]; _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$fn$;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

create table if not exists local_dev.storage_uploads (
  id text primary key,
  bucket_id text not null,
  name text not null,
  role text not null,
  owner uuid,
  content_type text not null,
  upload_length bigint not null,
  upload_offset bigint not null default 0,
  upsert boolean not null default false,
  created_at timestamptz not null default now()
);
`;
