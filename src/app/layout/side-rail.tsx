import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

import { NavIcon } from '../../ui/nav-icon.tsx';
import { isTabActive, NAV_TABS } from './nav-rules.ts';
import styles from './side-rail.module.css';

/**
 * A member's navigation at desktop widths: the bottom bar's destinations, labels and order, down the
 * left edge. It and the bottom bar are both rendered; CSS shows exactly one of them at any width, so
 * the page has one visible `Main` landmark and the choice never waits for script.
 */
export function SideRail() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className={styles.rail} aria-label={t('nav.label')} data-testid="side-rail">
      <p className={styles.brand} aria-hidden="true">
        Murmur
      </p>
      <ul className={styles.tabs}>
        {NAV_TABS.map((tab) => {
          const active = isTabActive(tab, pathname);
          return (
            <li key={tab.id}>
              <Link
                to={tab.to}
                className={styles.tab}
                aria-current={active ? 'page' : undefined}
                data-active={active}
              >
                <NavIcon name={tab.id} />
                <span>{t(`nav.tabs.${tab.id}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
