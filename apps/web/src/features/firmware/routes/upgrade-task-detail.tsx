import { DownloadOutlined, PauseOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { LoadFailed } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useFileExport } from '../../../hooks/use-file-export.ts';
import { describeError } from '../../../lib/api.ts';
import { askTaskExport, type TaskAct, useTaskAct, useTaskDetail } from '../api/tasks.ts';
import { TaskCounts } from '../components/task-counts.tsx';
import { TaskRows } from '../components/task-rows.tsx';
import { TaskStateTag } from '../components/task-state-tag.tsx';
import { useConfirmAct } from '../hooks/use-confirm-act.ts';
import { useMayChangeTasks } from '../lib/may-change.ts';
import { UPGRADE_TASKS_PATH } from '../lib/paths.ts';
import { taskActs } from '../lib/task-view.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';
import '../firmware.css';

/**
 * One upgrade task: its state and stage, its rows by status, Pause / Resume / Cancel as its state
 * allows (Cancel after a question), its rows with every device's progress, asked again every few
 * seconds until the task is over, and its .xlsx export.
 */
export function UpgradeTaskDetailRoute() {
  const { t } = useTranslation();
  const texts = useFirmwareTexts();
  const taskId = Number(useParams().taskId);
  const detail = useTaskDetail(taskId);
  const task = detail.data;
  useDocumentTitle(task ? task.name : t('firmware.tasks.title'));
  const act = useTaskAct();
  const mayChange = useMayChangeTasks();
  const cancelling = useConfirmAct(() => act.mutateAsync({ act: 'cancel', taskId }));
  const exporting = useFileExport(
    (id: number, language, signal) => askTaskExport(id, language, signal),
    (id) => `upgrade-task-${id}`,
  );
  const run = (what: TaskAct) => act.mutate({ act: what, taskId });

  if (!task)
    return (
      <section className="page" data-testid="upgrade-task-detail">
        <Link to={UPGRADE_TASKS_PATH}>{t('firmware.tasks.back')}</Link>
        {detail.isError ? (
          <LoadFailed
            text={describeError(detail.error)}
            retryText={t('firmware.retry')}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <p role="status">{t('firmware.loading')}</p>
        )}
      </section>
    );

  const acts = mayChange ? taskActs(task.state) : { pause: false, resume: false, cancel: false };
  return (
    <section className="page upgrade-task-detail" data-testid="upgrade-task-detail">
      <Link to={UPGRADE_TASKS_PATH}>{t('firmware.tasks.back')}</Link>
      <PageHeader
        title={task.name}
        actions={
          <>
            {acts.pause && (
              <Button
                icon={<PauseOutlined aria-hidden />}
                onClick={() => run('pause')}
                loading={act.isPending && act.variables?.act === 'pause'}
                data-testid="upgrade-task-pause"
              >
                {t('firmware.task.pause')}
              </Button>
            )}
            {acts.resume && (
              <Button
                type="primary"
                icon={<PlayCircleOutlined aria-hidden />}
                onClick={() => run('resume')}
                loading={act.isPending && act.variables?.act === 'resume'}
                data-testid="upgrade-task-resume"
              >
                {t('firmware.task.resume')}
              </Button>
            )}
            {acts.cancel && (
              <Button
                danger
                icon={<StopOutlined aria-hidden />}
                onClick={() => cancelling.ask(true)}
                data-testid="upgrade-task-cancel-task"
              >
                {t('firmware.task.cancel')}
              </Button>
            )}
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={exporting.running}
              onClick={() => void exporting.start(taskId, texts.language).catch(() => undefined)}
              data-testid="upgrade-task-export"
            >
              {t('firmware.task.export')}
            </Button>
          </>
        }
      />
      {act.isError && (
        <Alert type="error" showIcon role="alert" title={describeError(act.error)} className="dialog-alert" />
      )}
      <Card className="page-card">
        <dl className="firmware-summary" data-testid="upgrade-task-summary">
          <div>
            <dt>{t('firmware.task.state')}</dt>
            <dd>
              <TaskStateTag task={task} />
            </dd>
          </div>
          <div>
            <dt>{t('firmware.task.stage')}</dt>
            <dd data-testid="upgrade-task-stage">
              {task.stage === 0
                ? task.stages > 1
                  ? t('firmware.task.canaryStage', { batches: task.stages - 1 })
                  : t('firmware.rows.canary')
                : t('firmware.task.batchOf', { batch: task.stage, batches: task.stages - 1 })}
            </dd>
          </div>
          <div>
            <dt>{t('firmware.task.model')}</dt>
            <dd>{task.model}</dd>
          </div>
          <div>
            <dt>{t('firmware.task.files')}</dt>
            <dd>{task.files.map((file) => `${file.part}: ${file.name} (${file.version})`).join(', ')}</dd>
          </div>
          <div>
            <dt>{t('firmware.task.rollout')}</dt>
            <dd>
              {t('firmware.task.rolloutLine', {
                canary: task.canary_size,
                batch: task.batch_size,
                threshold: task.failure_threshold_pct,
              })}
            </dd>
          </div>
          <div>
            <dt>{t('firmware.task.startAt')}</dt>
            <dd>{texts.time(task.start_at)}</dd>
          </div>
          <div>
            <dt>{t('firmware.task.createdBy')}</dt>
            <dd>{task.created_by ?? '—'}</dd>
          </div>
        </dl>
        <TaskCounts task={task} byStatus />
      </Card>
      <Card className="page-card">
        <TaskRows rows={task.rows} taskName={task.name} />
      </Card>
      <ConfirmDialog
        open={cancelling.item !== undefined}
        title={t('firmware.task.cancelTitle')}
        okText={t('firmware.task.cancel')}
        cancelText={t('firmware.task.keep')}
        danger
        pending={cancelling.pending}
        failure={cancelling.failure}
        onConfirm={() => void cancelling.confirm()}
        onCancel={cancelling.cancel}
        testId="upgrade-task-cancel-confirm"
      >
        <p>{t('firmware.task.cancelQuestion', { name: task.name })}</p>
      </ConfirmDialog>
    </section>
  );
}
