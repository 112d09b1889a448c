import styles from './insights.module.css';

export interface Bar {
  key: string | number;
  /** Short label under the bar. */
  label: string;
  value: number | null;
  color: string;
}

const HEIGHT = 120;
const TOP = 8;
const BOTTOM = 18;

/**
 * Vertical bars on a fixed scale (0 to max). Decorative for assistive technology: the card's summary
 * and table carry the same numbers; the labels under each bar mean colour is never the only cue.
 */
export function BarChart({ bars, max }: { bars: readonly Bar[]; max: number }) {
  const width = Math.max(bars.length * 28, 200);
  const slot = width / Math.max(bars.length, 1);
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <svg className={styles.chart} viewBox={`0 0 ${width} ${HEIGHT}`} aria-hidden="true" focusable="false">
      <line className={styles.axis} x1={0} x2={width} y1={TOP + plot} y2={TOP + plot} />
      {bars.map((bar, index) => {
        const height = bar.value === null || max <= 0 ? 0 : (bar.value / max) * plot;
        const x = index * slot + slot * 0.15;
        return (
          <g key={bar.key}>
            {height > 0 ? (
              <rect
                className={styles.bar}
                x={x}
                y={TOP + plot - height}
                width={slot * 0.7}
                height={height}
                fill={bar.color}
                rx={2}
              />
            ) : null}
            <text x={index * slot + slot / 2} y={HEIGHT - 4} textAnchor="middle">
              {bar.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
