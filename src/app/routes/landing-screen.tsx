import { Landing } from '../../features/info/landing.tsx';
import { InstallButton } from '../pwa/install-button.tsx';

export function Component() {
  return <Landing installSlot={<InstallButton />} />;
}
