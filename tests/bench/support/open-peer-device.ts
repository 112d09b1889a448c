import { DEMO_ANON_KEY } from '../../../server/keys.ts';
import type { StoredSession } from '../../e2e/support/session.ts';
import { openDevice, type Device } from './open-device.ts';
import type { PeerConfig, PeerWindow } from './rxdb-peer-page.ts';
import { withTimeout } from './with-timeout.ts';

/** The peer's settings: the documented defaults, or larger batches. */
export interface PeerSettings {
  label: string;
  pullBatchSize?: number;
  pushBatchSize?: number;
}

/** The page peer.ts writes beside the build, which starts the peer with the config left on window. */
export const PEER_PAGE = '/peer-bench.html';

/** The bench's own table for the peer (create-peer-table.ts). */
export const PEER_TABLE = 'peer_notes';

/** A fresh device running the peer on `base`'s peer page; resolves once its first replication finished. */
export async function openPeerDevice(
  session: StoredSession,
  base: string,
  settings: PeerSettings,
  backendUrl: string,
  log: (line: string) => void,
): Promise<{ device: Device; initialSync: { at: number; notes: number } }> {
  const device = await openDevice(session.user.email ?? '');
  const config: PeerConfig = {
    url: backendUrl,
    anonKey: DEMO_ANON_KEY,
    accessToken: session.access_token,
    table: PEER_TABLE,
    ...(settings.pullBatchSize === undefined ? {} : { pullBatchSize: settings.pullBatchSize }),
    ...(settings.pushBatchSize === undefined ? {} : { pushBatchSize: settings.pushBatchSize }),
  };
  device.page.on('console', (message) => {
    if (message.type() === 'error') log(`peer page: ${message.text()}`);
  });
  device.page.on('pageerror', (error) => log(`peer page: ${error.message}`));
  await device.page.addInitScript((peerConfig) => {
    (window as unknown as { peerConfig: PeerConfig }).peerConfig = peerConfig;
  }, config);
  await device.page.goto(`${base}${PEER_PAGE}`);
  const initialSync = await withTimeout(
    device.page.evaluate(async () => (await (window as unknown as PeerWindow).peer).initialSync),
    'the peer’s first replication',
  );
  return { device, initialSync };
}
