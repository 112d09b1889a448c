import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './home.module.css';
import { homeGreetingText } from './home-greeting-text.ts';

/** The greeting at the top of home; it follows the clock while the screen stays open. */
export function HomeGreeting({ displayName }: { displayName: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className={styles.greeting} data-testid="home-greeting">
      {homeGreetingText(t, now, displayName)}
    </p>
  );
}
