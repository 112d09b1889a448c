import { describe, expect, it } from 'vitest';

import { pwaOptions } from '../../../pwa.config.ts';
import { paths } from '../routing/paths.ts';

/** Workbox matches the denylist against the path and query of a navigation. */
const denied = (pathAndQuery: string) =>
  (pwaOptions.workbox?.navigateFallbackDenylist ?? []).some((pattern) => pattern.test(pathAndQuery));

describe('the offline fallback', () => {
  it('serves the app shell for every Murmur screen, including deep links', () => {
    const screens = Object.values(paths).map((path) =>
      path.replace(':date?', '2026-11-01').replace('*', 'appearance'),
    );
    const blocked = screens.flatMap((path) => [path, `${path}?from=mail`]).filter(denied);
    expect(blocked).toEqual([]);
  });

  it('leaves backend addresses to the network', () => {
    const backend = [
      '/auth/v1/callback?code=abc',
      '/auth/v1/verify?token=abc&type=signup',
      '/rest/v1/notes?select=*',
      '/realtime/v1/websocket',
      '/storage/v1/object/public/audio/a.webm',
      '/functions/v1/transcribe',
    ];
    expect(backend.filter((path) => !denied(path))).toEqual([]);
  });
});
