import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { notify } from '../../lib/toasts/toasts.ts';
import { NavIcon } from '../../ui/nav-icon.tsx';
import { paths } from '../routing/paths.ts';
import styles from './bottom-nav.module.css';
import { isTabActive, NAV_TABS, type NavMode } from './nav-rules.ts';
import { useScrollVisibility } from './use-scroll-visibility.ts';

export function BottomNav({ mode }: { mode: Exclude<NavMode, 'hidden'> }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const visible = useScrollVisibility(true);

  const requireSignIn = (event: React.MouseEvent) => {
    if (mode === 'member') return;
    event.preventDefault();
    notify({
      kind: 'error',
      title: t('nav.signInRequired.title'),
      description: t('nav.signInRequired.description'),
      action: { label: t('nav.signInRequired.action'), onClick: () => void navigate(paths.auth) },
    });
  };

  return (
    <nav
      className={styles.bar}
      data-visible={visible}
      data-mode={mode}
      aria-label={t('nav.label')}
      data-testid="bottom-nav"
    >
      <ul className={styles.tabs}>
        {NAV_TABS.map((tab) => {
          const active = mode === 'member' && isTabActive(tab, pathname);
          return (
            <li key={tab.id}>
              <Link
                to={tab.to}
                onClick={requireSignIn}
                className={styles.tab}
                aria-current={active ? 'page' : undefined}
                data-active={active}
              >
                <NavIcon name={tab.id} />
                <span className={styles.label}>{t(`nav.tabs.${tab.id}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
