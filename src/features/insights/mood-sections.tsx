import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { formatDay } from '../../lib/dates/day.ts';
import { moodLevel } from '../mood/index.ts';
import { AverageMoodCard } from './average-mood-card.tsx';
import { BarChart } from './bar-chart.tsx';
import { ChartCard } from './chart-card.tsx';
import { insightFormat } from './insight-format.ts';
import type { InsightsResult } from './insights-types.ts';
import { MoodLineChart } from './mood-line-chart.tsx';

/** Mood over time, by weekday, by month, and how often each mood came up. */
export function MoodSections({ result }: { result: InsightsResult }) {
  const { t, i18n } = useTranslation();
  const f = insightFormat(t, i18n.language);
  const { daily, range } = result;
  const bestDay = daily.reduce<(typeof daily)[number] | null>(
    (best, day) => (best === null || day.mean > best.mean ? day : best),
    null,
  );
  const total = result.checkIns;
  const mostOften = result.distribution.reduce((best, entry) => (entry.count > best.count ? entry : best));
  const mean = result.mean ?? 0;

  let change: string;
  if (result.previousMean === null) change = t('insights.distribution.noPrevious');
  else {
    const previous = f.number(result.previousMean);
    const current = f.number(mean);
    const direction = previous === current ? 'same' : mean > result.previousMean ? 'up' : 'down';
    change = t(`insights.distribution.${direction}`, { previous, current });
  }

  return (
    <>
      <ChartCard
        id="insights-over-time"
        title={t('insights.overTime.title')}
        summary={t('insights.overTime.summary', {
          mean: f.number(mean),
          label: f.levelName(Math.floor(mean + 0.5)),
          count: daily.length,
          best: bestDay ? formatDay(bestDay.day, i18n.language, 'long') : '',
        })}
        table={() => (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('insights.overTime.day')}</th>
                <th scope="col">{t('insights.overTime.average')}</th>
                <th scope="col">{t('insights.overTime.high')}</th>
                <th scope="col">{t('insights.overTime.low')}</th>
                <th scope="col">{t('insights.overTime.checkIns')}</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((entry) => (
                <tr key={entry.day}>
                  <th scope="row">
                    <Link to={`/mood?day=${entry.day}`}>{formatDay(entry.day, i18n.language, 'medium')}</Link>
                  </th>
                  <td>{f.number(entry.mean)}</td>
                  <td>{t(`mood.levels.${moodLevel(entry.high).key}`)}</td>
                  <td>{t(`mood.levels.${moodLevel(entry.low).key}`)}</td>
                  <td>{f.number(entry.count, 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      >
        {range ? <MoodLineChart daily={daily} start={range.start} end={range.end} /> : null}
      </ChartCard>

      <AverageMoodCard
        id="insights-weekday"
        messages="insights.weekday"
        groups={result.byWeekday.map((entry) => ({
          key: entry.weekday,
          name: f.weekday(entry.weekday),
          short: f.weekday(entry.weekday).slice(0, 2),
          mean: entry.mean,
          count: entry.count,
        }))}
      />

      <AverageMoodCard
        id="insights-month"
        messages="insights.month"
        groups={result.byMonth.map((entry) => ({
          key: entry.month,
          name: f.month(entry.month),
          short: f.month(entry.month).slice(0, 3),
          mean: entry.mean,
          count: entry.count,
        }))}
      />

      <ChartCard
        id="insights-distribution"
        title={t('insights.distribution.title')}
        summary={`${t('insights.distribution.summary', { label: f.levelName(mostOften.level), count: mostOften.count, total })} ${change}`}
        table={() => (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('insights.distribution.column')}</th>
                <th scope="col">{t('insights.distribution.current')}</th>
                {result.previousRange ? <th scope="col">{t('insights.distribution.previous')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {result.distribution.map((entry) => (
                <tr key={entry.level}>
                  <th scope="row">{t(`mood.levels.${moodLevel(entry.level).key}`)}</th>
                  <td>{f.number(entry.count, 0)}</td>
                  {result.previousRange ? <td>{f.number(entry.previous ?? 0, 0)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      >
        <BarChart
          max={Math.max(...result.distribution.map((entry) => entry.count), 1)}
          bars={result.distribution.map((entry) => ({
            key: entry.level,
            label: t(`mood.levels.${moodLevel(entry.level).key}`),
            value: entry.count,
            color: moodLevel(entry.level).color,
          }))}
        />
      </ChartCard>
    </>
  );
}
