import { Landing } from '../../features/info/index.ts';
import { InstallButton } from '../pwa/install-button.tsx';

export function Component() {
  return <Landing installSlot={<InstallButton />} />;
}
