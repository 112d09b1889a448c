import { useTranslation } from 'react-i18next';

import { moodLevel } from '../mood/index.ts';
import { MIN_ACTIVITY_DAYS, MIN_MOOD_DAYS } from './activity-stats.ts';
import { BarChart } from './bar-chart.tsx';
import { ChartCard } from './chart-card.tsx';
import { insightFormat } from './insight-format.ts';
import type { ActivityLink, InsightsResult } from './insights-types.ts';
import styles from './insights.module.css';
import { YearPixels } from './year-pixels.tsx';
import { YearSwitcher } from './year-switcher.tsx';

/** Year in Pixels, activities, streaks, writing totals and the time of day. */
export function HabitSections({
  result,
  thisYear,
  onPixelYear,
}: {
  result: InsightsResult;
  thisYear: number;
  onPixelYear: (year: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const f = insightFormat(t, i18n.language);
  const { pixels, activities, writing, streak } = result;
  const filled = pixels.days.filter((entry) => entry.level !== null);
  const levelCounts = [1, 2, 3, 4, 5].map((level) => filled.filter((entry) => entry.level === level).length);
  const commonLevel = levelCounts.indexOf(Math.max(...levelCounts)) + 1;
  const busiest = result.byHour.reduce((best, entry) => (entry.count > best.count ? entry : best));
  const entries =
    writing.entries.moods + writing.entries.diary + writing.entries.notes + writing.entries.recordings;
  const topGood = activities.good[0];
  const topBad = activities.bad[0];

  return (
    <>
      <ChartCard
        id="insights-pixels"
        title={t('insights.pixels.title', { year: pixels.year })}
        summary={
          filled.length === 0
            ? t('insights.pixels.empty', { year: pixels.year })
            : t('insights.pixels.summary', {
                count: filled.length,
                total: pixels.days.length,
                year: pixels.year,
                label: f.levelName(commonLevel),
              })
        }
      >
        <YearSwitcher
          year={pixels.year}
          first={Math.min(pixels.firstYear ?? thisYear, thisYear)}
          last={thisYear}
          onYear={onPixelYear}
        />
        <YearPixels days={pixels.days} />
      </ChartCard>

      <ChartCard
        id="insights-activities"
        title={t('insights.activities.title')}
        summary={
          <>
            {activities.tooLittle ? (
              <p className={styles.warning} role="note">
                {t('insights.activities.thin', { count: activities.moodDays, min: MIN_MOOD_DAYS })}
              </p>
            ) : null}
            <p className={styles.summary}>
              {topGood
                ? t('insights.activities.goodSummary', {
                    activity: topGood.activity,
                    good: topGood.goodDays,
                    days: topGood.days,
                  })
                : t('insights.activities.noneGood')}{' '}
              {topBad
                ? t('insights.activities.badSummary', {
                    activity: topBad.activity,
                    bad: topBad.badDays,
                    days: topBad.days,
                  })
                : t('insights.activities.noneBad')}
            </p>
          </>
        }
        table={() => <ActivityTable links={activities.all} />}
      >
        <LinkList
          title={t('insights.activities.good')}
          links={activities.good}
          count={(link) => link.goodDays}
        />
        <LinkList
          title={t('insights.activities.bad')}
          links={activities.bad}
          count={(link) => link.badDays}
        />
        <p className={styles.hint}>{t('insights.activities.rule', { min: MIN_ACTIVITY_DAYS })}</p>
      </ChartCard>

      <ChartCard
        id="insights-streak"
        title={t('insights.streak.title')}
        summary={t('insights.streak.summary', {
          current: t('insights.days', { count: streak.current }),
          longest: t('insights.days', { count: streak.longest }),
        })}
      >
        <dl className={styles.stats}>
          <div>
            <dt>{t('insights.streak.current')}</dt>
            <dd>{t('insights.days', { count: streak.current })}</dd>
          </div>
          <div>
            <dt>{t('insights.streak.longest')}</dt>
            <dd>{t('insights.days', { count: streak.longest })}</dd>
          </div>
        </dl>
      </ChartCard>

      <ChartCard
        id="insights-writing"
        title={t('insights.writing.title')}
        summary={t('insights.writing.summary', {
          words: f.number(writing.words, 0),
          entries: f.number(entries, 0),
          minutes: f.number(writing.recordingMinutes, 0),
        })}
        table={() => (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('insights.writing.kind')}</th>
                <th scope="col">{t('insights.writing.count')}</th>
              </tr>
            </thead>
            <tbody>
              {(['moods', 'diary', 'notes', 'recordings'] as const).map((kind) => (
                <tr key={kind}>
                  <th scope="row">{t(`insights.writing.${kind}`)}</th>
                  <td>{f.number(writing.entries[kind], 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      >
        <dl className={styles.stats}>
          <div>
            <dt>{t('insights.writing.words')}</dt>
            <dd>{f.number(writing.words, 0)}</dd>
          </div>
          <div>
            <dt>{t('insights.writing.minutes')}</dt>
            <dd>{f.number(writing.recordingMinutes, 0)}</dd>
          </div>
        </dl>
      </ChartCard>

      {/* With no check-ins there is no time of day to speak of; the empty state above invites one. */}
      {result.checkIns > 0 ? (
        <ChartCard
          id="insights-hours"
          title={t('insights.hours.title')}
          summary={t('insights.hours.summary', {
            hour: f.hour(busiest.hour),
            count: busiest.count,
            total: result.checkIns,
          })}
          table={() => (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('insights.hours.column')}</th>
                  <th scope="col">{t('insights.overTime.checkIns')}</th>
                  <th scope="col">{t('insights.overTime.average')}</th>
                </tr>
              </thead>
              <tbody>
                {result.byHour
                  .filter((entry) => entry.count > 0)
                  .map((entry) => (
                    <tr key={entry.hour}>
                      <th scope="row">{f.hour(entry.hour)}</th>
                      <td>{f.number(entry.count, 0)}</td>
                      <td>{entry.mean === null ? t('insights.noData') : f.number(entry.mean)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          )}
        >
          <BarChart
            max={Math.max(busiest.count, 1)}
            bars={result.byHour.map((entry) => ({
              key: entry.hour,
              label: entry.hour % 6 === 0 ? f.hour(entry.hour) : '',
              value: entry.count,
              color: entry.mean === null ? 'transparent' : moodLevel(Math.floor(entry.mean + 0.5)).color,
            }))}
          />
          <p className={styles.hint}>{t('insights.hours.note')}</p>
        </ChartCard>
      ) : null}
    </>
  );
}

function LinkList({
  title,
  links,
  count,
}: {
  title: string;
  links: readonly ActivityLink[];
  count: (link: ActivityLink) => number;
}) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul className={styles.list}>
        {links.slice(0, 5).map((link) => (
          <li key={link.activity}>
            {link.activity}: {t('insights.activities.sample', { good: count(link), days: link.days })}
          </li>
        ))}
      </ul>
    </>
  );
}

function ActivityTable({ links }: { links: readonly ActivityLink[] }) {
  const { t } = useTranslation();
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t('insights.activities.column')}</th>
          <th scope="col">{t('insights.activities.days')}</th>
          <th scope="col">{t('insights.activities.goodDays')}</th>
          <th scope="col">{t('insights.activities.badDays')}</th>
          <th scope="col">{t('insights.activities.enough')}</th>
        </tr>
      </thead>
      <tbody>
        {links.map((link) => (
          <tr key={link.activity}>
            <th scope="row">{link.activity}</th>
            <td>{link.days}</td>
            <td>{link.goodDays}</td>
            <td>{link.badDays}</td>
            <td>{link.tooLittle ? t('insights.activities.no') : t('insights.activities.yes')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
