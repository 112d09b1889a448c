import type { Theme } from '../../../src/lib/theme/theme.ts';
import { pushAsAnotherDevice } from './push-as-another-device.ts';
import type { StoredSession } from './session.ts';

/**
 * Stores `theme` in the account's settings on the server, as another device of the user's would have.
 * The settings row decides the theme once a device has pulled it, so a test of one theme sets it here
 * rather than only in the device's local choice.
 */
export async function seedTheme(url: string, session: StoredSession, theme: Theme): Promise<void> {
  await pushAsAnotherDevice(url, session, (other) => [
    [other.mutation('user_settings', session.user.id, { preferred_theme: theme })],
  ]);
}
