import { Toaster } from 'sonner';

import { useTheme } from '../theme/use-theme.ts';
import { DEFAULT_TOAST_DURATION_MS } from './notifier.ts';

/** Top-right, one visible at a time, 4 s, with a close button (product spec §2, §9: offset 16, gap 8). */
export function AppToaster() {
  const [theme] = useTheme();
  return (
    <Toaster
      position="top-right"
      visibleToasts={1}
      duration={DEFAULT_TOAST_DURATION_MS}
      closeButton
      richColors
      offset={16}
      gap={8}
      theme={theme}
    />
  );
}
