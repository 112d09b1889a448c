import { useTranslation } from 'react-i18next';

import { BarChart } from './bar-chart.tsx';
import { ChartCard } from './chart-card.tsx';
import { extremes, insightFormat, meanColor } from './insight-format.ts';

interface AverageMoodGroup {
  key: number;
  /** Full name for the summary and the table ('Monday', 'January'). */
  name: string;
  /** Short label under the bar ('Mo', 'Jan'). */
  short: string;
  mean: number | null;
  count: number;
}

interface AverageMoodCardProps {
  id: string;
  /** Translation prefix holding title, summary ({{best}}, {{worst}}) and column. */
  messages: 'insights.weekday' | 'insights.month';
  groups: readonly AverageMoodGroup[];
}

/** Mean mood per group (weekday, month) as bars, with the best and worst named and a table for all. */
export function AverageMoodCard({ id, messages, groups }: AverageMoodCardProps) {
  const { t, i18n } = useTranslation();
  const f = insightFormat(t, i18n.language);
  const ends = extremes(groups);
  return (
    <ChartCard
      id={id}
      title={t(`${messages}.title`)}
      summary={
        ends
          ? t(`${messages}.summary`, { best: ends.best.name, worst: ends.worst.name })
          : t('insights.noData')
      }
      table={() => (
        <table>
          <thead>
            <tr>
              <th scope="col">{t(`${messages}.column`)}</th>
              <th scope="col">{t('insights.overTime.average')}</th>
              <th scope="col">{t('insights.overTime.checkIns')}</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.key}>
                <th scope="row">{group.name}</th>
                <td>{group.mean === null ? t('insights.noData') : f.number(group.mean)}</td>
                <td>{f.number(group.count, 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    >
      <BarChart
        max={5}
        bars={groups.map((group) => ({
          key: group.key,
          label: group.short,
          value: group.mean,
          color: meanColor(group.mean),
        }))}
      />
    </ChartCard>
  );
}
