-- Voice recordings' audio in Supabase Storage: a private bucket, and each user may touch only objects under
-- their own folder `<user id>/<recording id>` (recordings.storage_path). The storage schema already exists
-- here: Supabase creates it, and the local backend creates the same shape before migrations run.

-- 50 MiB: over an hour of Opus at 64 kbit/s, far beyond a journal entry, and small enough to refuse mistakes.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('recordings', 'recordings', false, 52428800,
        array['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/aac'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "recordings: owners read their audio" on storage.objects
  for select to authenticated
  using (bucket_id = 'recordings' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "recordings: owners add audio in their folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'recordings' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "recordings: owners replace their audio" on storage.objects
  for update to authenticated
  using (bucket_id = 'recordings' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'recordings' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "recordings: owners delete their audio" on storage.objects
  for delete to authenticated
  using (bucket_id = 'recordings' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- A password-only session of a user who enrolled a second step may not reach the audio (the policies of
-- 20261203000100 explain why; sync_access.second_step_done is defined there).
create policy "recordings: two-step verification where enrolled" on storage.objects as restrictive
  for all to authenticated
  using (bucket_id <> 'recordings' or (select sync_access.second_step_done()))
  with check (bucket_id <> 'recordings' or (select sync_access.second_step_done()));
