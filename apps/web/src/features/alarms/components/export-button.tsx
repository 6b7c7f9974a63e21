import { DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import { alarm, isLanguage } from '@helio/contracts';
import { Button, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadPercent } from '../../../lib/download.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useAlarmExport } from '../api/export.ts';
import { type AlarmListFilters, alarmExportBody } from '../lib/filters.ts';

/**
 * Exports the alarm list as filtered and ordered to an .xlsx file, with headings in the interface
 * language. While it runs the button says whether the server is writing the file or how much of it
 * has come; a second click cancels.
 */
export function ExportButton({ filters, disabled }: { filters: AlarmListFilters; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const exporter = useAlarmExport();
  const progress = exporter.progress;
  const percent =
    progress?.phase === 'downloading'
      ? downloadPercent(progress.loadedBytes, progress.totalBytes)
      : undefined;

  const run = () => {
    if (progress) {
      exporter.cancel();
      return;
    }
    const language = isLanguage(i18n.language) ? i18n.language : 'en';
    exporter.start(alarmExportBody(filters, language)).then(
      (result) =>
        notifySuccess(
          result.truncated
            ? t('alarms.export.doneTruncated', { rows: result.rows, max: alarm.MAX_EXPORT_ROWS })
            : t('alarms.export.done', { rows: result.rows }),
          'alarm-export',
        ),
      // Refusals were shown by the API client; a cancelled export needs no words.
      () => undefined,
    );
  };

  const status = !progress
    ? undefined
    : progress.phase === 'preparing'
      ? t('alarms.export.preparing')
      : percent !== undefined
        ? t('alarms.export.downloadingPercent', { percent })
        : t('alarms.export.downloading');

  return (
    <span className="alarm-export">
      <Button
        // Not antd's `loading`, which would swallow the click that cancels.
        icon={progress ? <LoadingOutlined /> : <DownloadOutlined />}
        onClick={run}
        disabled={disabled && !progress}
        title={progress ? t('alarms.export.cancel') : undefined}
        data-testid="alarm-export"
        data-state={progress?.phase ?? 'idle'}
      >
        {progress ? t('alarms.export.cancel') : t('alarms.export.action')}
      </Button>
      <span
        role="status"
        aria-live="polite"
        className="alarm-export-status"
        data-testid="alarm-export-status"
      >
        {status}
        {progress?.phase === 'downloading' && percent !== undefined && (
          <Progress percent={percent} size="small" showInfo={false} className="alarm-export-progress" />
        )}
      </span>
    </span>
  );
}
