import { describe, expect, it } from 'vitest';

import { HUGGING_FACE_HUB, LOCAL_ANON_KEY, LOCAL_BACKEND_URL, readConfig } from './config.ts';

describe('configuration', () => {
  it('uses the local backend when nothing is set', () => {
    expect(readConfig({})).toMatchObject({ supabaseUrl: LOCAL_BACKEND_URL, supabaseAnonKey: LOCAL_ANON_KEY });
    expect(readConfig({ VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: '' }).supabaseUrl).toBe(
      LOCAL_BACKEND_URL,
    );
  });

  it('points at a hosted project when both variables are set', () => {
    const config = readConfig({
      VITE_SUPABASE_URL: 'https://abc.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'x'.repeat(40),
    });
    expect(config).toMatchObject({ supabaseUrl: 'https://abc.supabase.co', supabaseAnonKey: 'x'.repeat(40) });
  });

  it('refuses a malformed URL or a truncated key with a clear message', () => {
    expect(() => readConfig({ VITE_SUPABASE_URL: 'not a url' })).toThrow(/Invalid Murmur configuration/);
    expect(() => readConfig({ VITE_SUPABASE_ANON_KEY: 'short' })).toThrow(/VITE_SUPABASE_ANON_KEY/);
    expect(() => readConfig({ VITE_MODEL_HOST: 'ftp://models' })).toThrow(/VITE_MODEL_HOST/);
  });

  it('downloads on-device models from the Hugging Face hub unless a mirror is named', () => {
    expect(readConfig({}).modelHost).toBe(HUGGING_FACE_HUB);
    // Model files are joined to the host, so it always ends with a slash.
    expect(readConfig({ VITE_MODEL_HOST: 'https://models.example.org/hub' }).modelHost).toBe(
      'https://models.example.org/hub/',
    );
  });
});
