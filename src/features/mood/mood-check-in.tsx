import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import type { Stored } from '../../db/entities/common.ts';
import type { MoodEntry } from '../../db/entities/mood-entry.ts';
import { dayOf, localInstant, type Day } from '../../lib/dates/day.ts';
import { deviceToday } from '../../lib/dates/device-today.ts';
import { EditBase, storedFields } from '../../lib/drafts/edit-base.ts';
import { useFormDraftKeeper } from '../../lib/drafts/use-form-draft-keeper.ts';
import { useKeptFormDraft } from '../../lib/drafts/use-kept-form-draft.ts';
import { useFont } from '../../lib/fonts/use-font.ts';
import { dateTimeFormat } from '../../lib/i18n/intl-formats.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { ReadAloudButton } from '../../ui/read-aloud-button.tsx';
import { useSettings } from '../settings/index.ts';
import { targetKey } from '../voice/index.ts';
import { useInsertAtCursor } from '../voice/index.ts';
import { RecordButton } from '../voice/index.ts';
import { EntryConflicts } from '../conflicts/index.ts';
import { ActivityPicker } from './activity-picker.tsx';
import { moodEntrySpeech } from './mood-entry-speech.ts';
import { MoodLevelPicker } from './mood-level-picker.tsx';
import {
  draftFor,
  keptCheckInSchema,
  keptDraftKey,
  checkInBase,
  keptBase,
  restoredDraft,
  worthKeeping,
  type Draft,
  type KeptCheckIn,
} from './mood-check-in-draft.ts';
import styles from './mood.module.css';
import { useActivitySuggestions } from './use-activity-suggestions.ts';

/** The draft's time as the user's language says it; a time field mid-edit can hold no valid time. */
function spokenTime(language: string, moment: Date, typed: string): string {
  return Number.isNaN(moment.getTime())
    ? typed
    : dateTimeFormat(language, { timeStyle: 'short' }).format(moment);
}

/**
 * A check-in in two taps: a level, then Save. Activities, a note and the time are there for those who
 * want them. With `entryId` it edits that check-in instead. `onEdited` hears each change the person
 * makes in the form.
 */
export function MoodCheckIn({
  day,
  today,
  entryId,
  onEdited,
}: {
  day: Day;
  today: Day;
  entryId: string | null;
  onEdited?: () => void;
}) {
  const userData = useUserData();
  // undefined while loading, null when there is no such check-in (then this is a new one).
  const existing = useLiveQuery(
    async () => (userData && entryId ? ((await userData.db.mood_entries.get(entryId)) ?? null) : null),
    [userData, entryId],
  );
  const formDay = existing ? dayOf(existing.moment, existing.time_zone) : day;
  const draftKey = existing === undefined ? null : keptDraftKey(existing?.id, formDay);
  const kept = useKeptFormDraft(draftKey, keptCheckInSchema);
  if (!userData || existing === undefined || draftKey === null || kept === undefined) return null;
  return (
    <MoodCheckInForm
      key={draftKey}
      day={formDay}
      today={today}
      existing={existing ?? undefined}
      draftKey={draftKey}
      kept={kept}
      onEdited={onEdited}
    />
  );
}

/** The fields a check-in's save is planned against what the form showed of them (R37). */
const BASE_FIELDS = ['note', 'activities'];

function MoodCheckInForm({
  day,
  today,
  existing,
  draftKey,
  kept,
  onEdited,
}: {
  day: Day;
  today: Day;
  existing: Stored<MoodEntry> | undefined;
  draftKey: string;
  kept: KeptCheckIn | null;
  onEdited: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const userData = useUserData();
  const { settings } = useSettings();
  const noteFont = useFont(settings.default_mood_font);
  const suggestions = useActivitySuggestions();
  const [opened] = useState(() => draftFor(existing, day, today, new Date()));
  // The note and activities as the form showed them when it opened (or when the restored draft was
  // typed): its save is planned against them, so a change made elsewhere meanwhile is merged rather
  // than overwritten (R37, R38).
  const [base, setBase] = useState(() => new EditBase(existing ? (kept?.seen ?? checkInBase(existing)) : {}));
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  // What Save would change nothing against: the entry as it is now (a transcript may have changed its
  // note meanwhile), or the empty form a new check-in opened with.
  const baseline = useMemo(
    () => (existing ? draftFor(existing, day, today, new Date()) : opened),
    [existing, day, today, opened],
  );
  const [draft, setDraft] = useState<Draft>(() => restoredDraft(opened, kept));
  const [restored, setRestored] = useState(kept !== null);
  // Another device, tab or a transcript changed the entry: the form shows it where the person has not
  // changed that field, and tells them; where they have, their words stay and Save merges (R37, R38).
  const storedVersion = existing ? JSON.stringify(existing._sync.hlc) : '';
  const [followed, setFollowed] = useState(storedVersion);
  if (existing && followed !== storedVersion) {
    setFollowed(storedVersion);
    const follow = base.follow(
      storedFields(existing, BASE_FIELDS),
      { note: draft.note, activities: draft.activities },
      false,
    );
    if (Object.keys(follow.show).length > 0) setDraft({ ...draft, ...follow.show });
    if (follow.changedElsewhere) setChangedElsewhere(true);
  }
  const [saving, setSaving] = useState(false);
  const { keep, flush } = useFormDraftKeeper<KeptCheckIn>(draftKey);
  const firstDraft = useRef(draft);
  const edited = useEffectEvent(() => onEdited?.());
  useEffect(() => {
    if (draft === firstDraft.current) return;
    keep(worthKeeping(draft, baseline, keptBase(base.seen(BASE_FIELDS))));
    edited();
  }, [draft, baseline, keep, base]);
  const noteId = useId();
  const pickFirstId = useId();
  const timeId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  // Only a saved check-in can receive a transcript: a new one has no row for the words to land in yet.
  // The words are saved at once (only the note), so leaving the form without Save does not lose them.
  useInsertAtCursor(
    existing ? targetKey('mood_entries', existing.id, 'note') : null,
    noteRef,
    draft.note,
    (note) => {
      setDraft((current) => ({ ...current, note }));
      if (existing && userData) {
        userData.commands.updateMoodEntry(existing.id, { note }).catch((error: unknown) => {
          console.error('Saving the transcribed note failed', error);
          notify({ kind: 'error', title: t('mood.saveFailed'), category: 'error' });
        });
      }
    },
  );

  const momentOfDraft = (): Date => {
    const [hours = 12, minutes = 0] = draft.time.split(':').map(Number);
    return localInstant(day, hours, minutes);
  };
  // The form reads what it shows, as the diary editor does: a changed note is heard before it is saved.
  const speech = existing
    ? moodEntrySpeech(t, i18n.language, {
        level: draft.level,
        time: spokenTime(i18n.language, momentOfDraft(), draft.time),
        activities: draft.activities,
        note: draft.note,
      })
    : '';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!userData || draft.level === null) return;
    const fields = {
      level: draft.level,
      activities: draft.activities,
      note: draft.note,
      moment: momentOfDraft().toISOString(),
    };
    setSaving(true);
    try {
      // The kept draft's queued write goes first; the save's own transaction then removes the draft.
      await flush();
      if (existing)
        await userData.commands.updateMoodEntry(existing.id, fields, {
          draftKey,
          seen: base.seen(BASE_FIELDS),
        });
      else await userData.commands.createMoodEntry(fields, { draftKey });
      notify({ kind: 'success', title: existing ? t('mood.updated') : t('mood.saved') });
      // To the check-in's own day: the form may have been opened before midnight.
      void navigate(day === deviceToday() ? '/mood' : `/mood?day=${day}`);
    } catch (error) {
      console.error('Saving the mood check-in failed', error);
      notify({ kind: 'error', title: t('mood.saveFailed'), category: 'error' });
      setSaving(false);
    }
  };

  return (
    <form className={styles.checkIn} onSubmit={(event) => void save(event)} noValidate>
      {restored ? (
        <div className={styles.restored}>
          <p role="status">{t('mood.draftRestored')}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setDraft(baseline);
              setRestored(false);
              // The form now shows the entry as stored: that is what a save starts from.
              if (existing) setBase(new EditBase(checkInBase(existing)));
            }}
          >
            {t('mood.discardDraft')}
          </button>
        </div>
      ) : null}
      {changedElsewhere ? (
        <p role="status" className={styles.notice}>
          {t('mood.changedElsewhere')}
        </p>
      ) : null}
      <MoodLevelPicker value={draft.level} onChange={(level) => setDraft({ ...draft, level })} />
      <div className={styles.saveRow}>
        {/* Disabled until a mood is chosen, and until the journal is open (a moment at start): a tap
            before either would save nothing. The hint beside it says why. */}
        <button
          type="submit"
          className="button button-primary"
          disabled={saving || !userData || draft.level === null}
          aria-describedby={draft.level === null ? pickFirstId : undefined}
        >
          {existing ? t('mood.saveChanges') : t('mood.save')}
        </button>
        {draft.level === null ? (
          <p id={pickFirstId} className={styles.hint}>
            {t('mood.pickLevel')}
          </p>
        ) : null}
      </div>
      <ActivityPicker
        suggestions={suggestions}
        selected={draft.activities}
        onChange={(activities) => setDraft({ ...draft, activities })}
      />
      <div className={styles.field}>
        <label htmlFor={noteId}>{t('mood.note')}</label>
        <textarea
          ref={noteRef}
          id={noteId}
          rows={4}
          maxLength={10_000}
          value={draft.note}
          style={{ fontFamily: noteFont, fontSize: `${settings.default_mood_font_size}px` }}
          onChange={(event) => setDraft({ ...draft, note: event.target.value })}
        />
        {existing ? (
          <RecordButton
            destination={{ kind: 'field', table: 'mood_entries', id: existing.id, field: 'note' }}
            label={t('voice.recordHere')}
          />
        ) : null}
        {settings.enable_text_to_speech ? <ReadAloudButton text={speech} lang={i18n.language} /> : null}
      </div>
      <div className={styles.field}>
        <label htmlFor={timeId}>{t('mood.time')}</label>
        <input
          id={timeId}
          type="time"
          value={draft.time}
          onChange={(event) => setDraft({ ...draft, time: event.target.value })}
        />
      </div>
      {existing && userData ? (
        <EntryConflicts
          db={userData.db}
          commands={userData.commands}
          table="mood_entries"
          rowId={existing.id}
          fieldName={(field) => (field === 'note' ? t('mood.note') : field)}
          onRestored={(conflict) => {
            // A restored note replaces the draft's, so Save does not write the old one back.
            if (conflict.field === 'note' && typeof conflict.losing_value === 'string') {
              const note = conflict.losing_value;
              setDraft((current) => ({ ...current, note }));
            }
          }}
        />
      ) : null}
    </form>
  );
}
