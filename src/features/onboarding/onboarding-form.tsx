import type { User } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import type { Commands } from '../../db/commands/create-commands.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { FontPicker } from '../../ui/font-picker.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { FormError } from '../auth/index.ts';
import { useAuthAction } from '../auth/index.ts';
import { ThemePicker } from '../settings/index.ts';
import { MicrophoneExplainer } from './microphone-explainer.tsx';
import { JOURNAL_TOPICS, type JournalTopic } from '../auth/index.ts';
import styles from './onboarding.module.css';

interface OnboardingFormProps {
  user: User;
  /** The user's commands: default fonts are settings, written like every other change. */
  commands: Commands;
}

/**
 * A new user's first minutes: their name and what they journal (account metadata, on every device),
 * default fonts (their settings, through the settings command), theme (this device) and why the
 * microphone is needed. Finishing or skipping both mark onboarding done and open the dashboard.
 */
export function OnboardingForm({ user, commands }: OnboardingFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meta = (user.user_metadata as Record<string, unknown> | undefined) ?? {};
  const [name, setName] = useState(typeof meta['display_name'] === 'string' ? meta['display_name'] : '');
  const [topics, setTopics] = useState<JournalTopic[]>([]);
  const [noteFont, setNoteFont] = useState('Abril Fatface');
  const [diaryFont, setDiaryFont] = useState('Montserrat');
  const { pending, error, run } = useAuthAction();

  const toggle = (topic: JournalTopic) =>
    setTopics((current) =>
      current.includes(topic) ? current.filter((x) => x !== topic) : [...current, topic],
    );

  const finish = async (save: boolean) => {
    const data: Record<string, unknown> = { onboarded_at: new Date().toISOString() };
    if (save) {
      if (name.trim()) data['display_name'] = name.trim();
      data['journal_topics'] = topics;
    }
    const ok = await run(async () => (await loadSupabase()).auth.updateUser({ data }));
    if (!ok) return;
    if (save) {
      try {
        await commands.updateSettings({ default_note_font: noteFont, default_diary_font: diaryFont });
      } catch (failure) {
        console.error('Murmur could not save the default fonts', failure);
      }
    }
    void navigate('/app', { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void finish(true);
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-busy={pending}>
      <TextField
        label={t('onboarding.name')}
        autoComplete="name"
        maxLength={80}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset className={styles.group}>
        <legend>{t('onboarding.topics.heading')}</legend>
        <div className={styles.topics}>
          {JOURNAL_TOPICS.map((topic) => (
            <label key={topic}>
              <input type="checkbox" checked={topics.includes(topic)} onChange={() => toggle(topic)} />
              {t(`onboarding.topics.${topic}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('onboarding.fonts.heading')}</legend>
        <FontPicker label={t('onboarding.fonts.note')} value={noteFont} onChange={setNoteFont} />
        <FontPicker label={t('onboarding.fonts.diary')} value={diaryFont} onChange={setDiaryFont} />
      </fieldset>
      <ThemePicker />
      <MicrophoneExplainer />
      <FormError error={error} />
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={pending}>
          {t('onboarding.finish')}
        </button>
        <button type="button" className="button" disabled={pending} onClick={() => void finish(false)}>
          {t('onboarding.skip')}
        </button>
      </div>
    </form>
  );
}
