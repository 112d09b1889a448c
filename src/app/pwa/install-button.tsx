import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';

import { installPromptAtom } from './install-prompt-atom.ts';

/** Hidden until the browser says Murmur can be installed, and after it is. */
export function InstallButton() {
  const { t } = useTranslation();
  const [installPrompt, setInstallPrompt] = useAtom(installPromptAtom);
  if (!installPrompt) return null;

  const install = async () => {
    await installPrompt.prompt();
    const { outcome } = await installPrompt.userChoice;
    // A prompt can be shown once; after a dismissal the browser fires a fresh event later.
    setInstallPrompt(null);
    if (outcome === 'accepted') console.info('Murmur was installed');
  };

  return (
    <button type="button" className="button" onClick={() => void install()}>
      {t('pwa.install')}
    </button>
  );
}
