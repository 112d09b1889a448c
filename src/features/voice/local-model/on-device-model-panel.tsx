import { useTranslation } from 'react-i18next';

import { formatBytes } from '../../../lib/i18n/intl-formats.ts';
import { settingFieldStyles as styles } from '../../settings/index.ts';
import { useOnDeviceModel } from './use-on-device-model.ts';

/**
 * Local Processing's model: its size before download, a download the user starts (with progress
 * announced), and removal. Shown with the transcription settings when Local Processing is chosen.
 */
export function OnDeviceModelPanel() {
  const { t, i18n } = useTranslation();
  const { state, download, remove } = useOnDeviceModel();
  const bytes = (value: number) => formatBytes(i18n.language, value);

  const size = state.kind === 'absent' || state.kind === 'failed' ? state.size : null;
  return (
    <div>
      <h3>{t('settings.transcription.onDevice.title')}</h3>
      <p role="status">
        {state.kind === 'checking'
          ? t('settings.transcription.onDevice.checking')
          : state.kind === 'ready'
            ? t('settings.transcription.onDevice.ready')
            : state.kind === 'downloading'
              ? state.progress && state.progress.total > 0
                ? t('settings.transcription.onDevice.downloading', {
                    percent: Math.floor((state.progress.loaded / state.progress.total) * 100),
                    loaded: bytes(state.progress.loaded),
                    total: bytes(state.progress.total),
                  })
                : t('settings.transcription.onDevice.starting')
              : size === null
                ? t('settings.transcription.onDevice.absentOffline')
                : t('settings.transcription.onDevice.absent', { size: bytes(size) })}
      </p>
      {state.kind === 'downloading' ? (
        <progress
          aria-label={t('settings.transcription.onDevice.progressLabel')}
          max={state.progress?.total || 1}
          value={state.progress?.loaded ?? 0}
        />
      ) : null}
      {state.kind === 'failed' ? (
        <p role="alert">{t('settings.transcription.onDevice.failed', { message: state.message })}</p>
      ) : null}
      <div className={styles.actions}>
        {state.kind === 'absent' || state.kind === 'failed' ? (
          <button type="button" className="button button-primary" disabled={size === null} onClick={download}>
            {size === null
              ? t('settings.transcription.onDevice.download')
              : t('settings.transcription.onDevice.downloadSized', { size: bytes(size) })}
          </button>
        ) : null}
        {state.kind === 'ready' ? (
          <button type="button" className="button" onClick={remove}>
            {t('settings.transcription.onDevice.remove')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
