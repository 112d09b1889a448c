import styles from './grid-background.module.css';

/**
 * Decorative animated grid for visitors: 40 px squares (30 px up to 768 px wide) drifting at 0.3 px per
 * frame. Under prefers-reduced-motion the grid stays still.
 */
export function GridBackground() {
  return <div className={styles.grid} aria-hidden="true" data-testid="grid-background" />;
}
