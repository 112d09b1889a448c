import { useTranslation } from 'react-i18next';

import { Page } from '../../ui/page.tsx';

export type ScreenId =
  'onboarding' | 'subscription' | 'profile' | 'notes' | 'calendar' | 'diary' | 'mood' | 'insights';

/** A screen that a later piece of work fills: its title and what it will hold. */
export function placeholderFor(id: ScreenId) {
  function PlaceholderScreen() {
    const { t } = useTranslation();
    return <Page title={t(`screens.${id}.title`)} description={t(`screens.${id}.description`)} />;
  }
  PlaceholderScreen.displayName = `PlaceholderScreen(${id})`;
  return PlaceholderScreen;
}
