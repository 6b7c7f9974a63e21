import { PlusOutlined } from '@ant-design/icons';
import { type UpgradeTaskItem, type UpgradeTaskState, upgradeTaskStates } from '@helio/contracts';
import { Button, Card, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { PageHeader, RefreshButton } from '../../../components/page-header.tsx';
import { pagerOf } from '../../../components/tables/pager.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useFocusReturn, useKeyboardScroll, usePaginationFocus } from '../../../hooks/use-focus-return.ts';
import { describeError } from '../../../lib/api.ts';
import { useRefreshTasks, useTaskList } from '../api/tasks.ts';
import { NewTaskDrawer } from '../components/new-task-drawer.tsx';
import { TaskCounts } from '../components/task-counts.tsx';
import { TaskStateTag } from '../components/task-state-tag.tsx';
import { useMayChangeTasks } from '../lib/may-change.ts';
import { upgradeTaskPath } from '../lib/paths.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';
import '../firmware.css';

const PAGE_SIZE = 20;

/**
 * Installers' upgrade tasks: each with its model, files, state (and why it paused), how far it
 * is, when it starts and who started it; filtered by state, asked again every few seconds while
 * one runs; "New upgrade task" opens the drawer that starts one.
 */
export function UpgradeTasksRoute() {
  const { t } = useTranslation();
  // a table wider than its box scrolls: by keyboard too when nothing in it takes the focus
  const scroll = useKeyboardScroll<HTMLDivElement>(t('firmware.tasks.title'));
  const texts = useFirmwareTexts();
  useDocumentTitle(t('firmware.tasks.title'));
  const [state, setState] = useState<UpgradeTaskState | 'all'>('all');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const opener = useFocusReturn();
  const refresh = useRefreshTasks();
  const mayChange = useMayChangeTasks();
  const tasks = useTaskList({ page, page_size: PAGE_SIZE, ...(state === 'all' ? {} : { state }) });
  const pagerFocus = usePaginationFocus<HTMLDivElement>(`${page}|${tasks.isFetching}`);
  const total = tasks.data?.total ?? 0;

  const columns: TableColumnsType<UpgradeTaskItem> = [
    {
      key: 'name',
      title: t('firmware.task.name'),
      render: (_, task) => (
        <Link to={upgradeTaskPath(task.task_id)} data-testid={`firmware-task-link-${task.task_id}`}>
          {task.name}
        </Link>
      ),
    },
    { key: 'model', title: t('firmware.task.model'), dataIndex: 'model' },
    {
      key: 'files',
      title: t('firmware.task.files'),
      render: (_, task) => (
        <ul className="firmware-plain-list">
          {task.files.map((file) => (
            <li key={file.file_id}>
              {file.part}: {file.name} ({file.version})
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'state', title: t('firmware.task.state'), render: (_, task) => <TaskStateTag task={task} /> },
    { key: 'progress', title: t('firmware.task.progress'), render: (_, task) => <TaskCounts task={task} /> },
    { key: 'start', title: t('firmware.task.startAt'), render: (_, task) => texts.time(task.start_at) },
    { key: 'who', title: t('firmware.task.createdBy'), render: (_, task) => task.created_by ?? '—' },
  ];

  return (
    <section className="page upgrade-tasks" data-testid="upgrade-tasks" ref={pagerFocus}>
      <PageHeader
        title={t('firmware.tasks.title')}
        actions={
          mayChange && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => {
                opener.remember();
                setCreating(true);
              }}
              data-testid="upgrade-task-new"
            >
              {t('firmware.tasks.new')}
            </Button>
          )
        }
      />
      <Card className="page-card">
        <search className="table-toolbar">
          <Select<UpgradeTaskState | 'all'>
            className="table-filter"
            value={state}
            aria-label={t('firmware.tasks.filterState')}
            onChange={(value) => {
              setState(value);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('firmware.tasks.allStates') },
              ...upgradeTaskStates.map((value) => ({ value, label: texts.taskState(value) })),
            ]}
            popupMatchSelectWidth={false}
            data-testid="upgrade-task-filter"
          />
          <RefreshButton label={t('firmware.refresh')} onRefresh={() => void refresh()} />
        </search>
        <div ref={scroll}>
          <Table<UpgradeTaskItem>
            rowKey="task_id"
            caption={<span className="visually-hidden">{t('firmware.tasks.title')}</span>}
            columns={columns}
            dataSource={tasks.data?.list ?? []}
            loading={tasks.isFetching && !tasks.isPending && !tasks.isRefetching}
            scroll={{ x: 'max-content' }}
            onRow={(task) => ({ 'data-testid': `upgrade-task-${task.task_id}` }) as object}
            pagination={pagerOf({ page, pageSize: PAGE_SIZE, total, onChange: setPage })}
            locale={{
              emptyText: tasks.isError ? (
                <LoadFailed
                  text={describeError(tasks.error)}
                  retryText={t('firmware.retry')}
                  onRetry={() => void tasks.refetch()}
                />
              ) : tasks.isPending ? (
                <span role="status">{t('firmware.loading')}</span>
              ) : (
                <EmptyState
                  title={t('firmware.tasks.emptyTitle')}
                  description={t('firmware.tasks.emptyDescription')}
                />
              ),
            }}
            data-testid="upgrade-task-table"
          />
        </div>
      </Card>
      <NewTaskDrawer open={creating} onClose={() => setCreating(false)} afterClose={opener.restore} />
    </section>
  );
}
