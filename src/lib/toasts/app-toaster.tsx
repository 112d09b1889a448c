import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, Toaster } from 'sonner';

import { themeAtom } from '../theme/theme-atom.ts';
import { DEFAULT_TOAST_DURATION_MS } from './notifier.ts';
import { announceToasterReady } from './toaster-ready.ts';

/** Top-right, one visible at a time, 4 s, with a close button (product spec §2, §9: offset 16, gap 8). */
function AppToaster() {
  const theme = useAtomValue(themeAtom);
  const { t } = useTranslation();
  // Runs after <Toaster>'s own effects (children first), so its subscription is in place.
  useEffect(() => announceToasterReady(toast), []);
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
      customAriaLabel={t('toasts.region')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}

export default AppToaster;
