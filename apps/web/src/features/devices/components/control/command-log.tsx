import { ReloadOutlined } from '@ant-design/icons';
import {
  type CommandItem,
  type CommandStateName,
  control,
  DEFAULT_PAGE_SIZE,
  settingParameterOf,
} from '@helio/contracts';
import { type CommandName, commandNames } from '@helio/contracts/device-link';
import { Button, Progress, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../../components/empty-state.tsx';
import { useKeyboardScroll, usePaginationFocus } from '../../../../hooks/use-focus-return.ts';
import { describeError } from '../../../../lib/api.ts';
import { useCommandList } from '../../api/control-log.ts';
import type { ShownZone } from '../../api/telemetry.ts';
import { commandStateColor } from '../../lib/control-commands.ts';
import { shortDateTime } from '../../lib/control-time.ts';
import { useCommandTexts, useSettingTexts } from '../../lib/use-control-texts.ts';
import { ZoneNote } from '../zone-note.tsx';
import '../../control.css';

/** The "all" choice of a filter: antd's Select cannot show `undefined` as a chosen option. */
const ALL = 'all';

interface LogFilters {
  name?: CommandName | undefined;
  state?: CommandStateName | undefined;
}

/**
 * The device detail's Log tab: every command sent to the device, newest first: what, who asked,
 * when, its state in words, its progress and the device's reply, filtered by command and state and
 * paged. Asked again every 5 s while a listed command is under way.
 */
export function CommandLog({ sn, zone }: { sn: string; zone: ShownZone }) {
  const { t, i18n } = useTranslation();
  const texts = useCommandTexts();
  const settingTexts = useSettingTexts();
  /** What a command asked, in words: each parameter's label and value (never a secret: none is sent). */
  const summary = (item: CommandItem): string =>
    Object.entries(item.params)
      .filter(([name]) => item.name !== 'sync_clock' || name === 'time_zone')
      .map(([name, value]) => {
        const parameter = settingParameterOf(name);
        if (!parameter) return `${name}: ${String(value)}`;
        const shown =
          parameter.kind === 'choice' && typeof value === 'string'
            ? settingTexts.choice(name, value)
            : typeof value === 'boolean'
              ? t(value ? 'control.log.on' : 'control.log.off')
              : parameter.kind === 'number' && typeof value === 'number'
                ? `${settingTexts.number(value, parameter.decimals)}${parameter.unit ? ` ${parameter.unit}` : ''}`
                : String(value);
        return `${settingTexts.label(name)}: ${shown}`;
      })
      .join(', ');
  const [filters, setFilters] = useState<LogFilters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const list = useCommandList({
    equ_sn: sn,
    page: paging.page,
    page_size: paging.pageSize,
    ...(filters.name ? { name: filters.name } : {}),
    ...(filters.state ? { state: filters.state } : {}),
  });
  const pagerFocus = usePaginationFocus<HTMLDivElement>(
    `${paging.page}|${paging.pageSize}|${list.isFetching}`,
  );
  const scroll = useKeyboardScroll<HTMLDivElement>(t('control.log.table'));
  const filtered = filters.name !== undefined || filters.state !== undefined;
  const filter = (change: LogFilters) => {
    setFilters((current) => ({ ...current, ...change }));
    setPaging((current) => ({ ...current, page: 1 }));
  };

  const columns: TableColumnsType<CommandItem> = [
    {
      key: 'name',
      title: t('control.log.command'),
      render: (_, item) => {
        const asked = summary(item);
        return (
          <>
            {texts.name(item.name)}
            {asked && (
              <div className="control-log-params" data-testid="control-log-params">
                {asked}
              </div>
            )}
          </>
        );
      },
    },
    {
      key: 'created_by',
      title: t('control.log.requestedBy'),
      render: (_, item) => item.created_by ?? t('control.log.portal'),
    },
    {
      key: 'created_at',
      title: t('control.log.when'),
      render: (_, item) => (
        <time dateTime={item.created_at} className="control-nowrap">
          {shortDateTime(item.created_at, zone.zone, i18n.language)}
        </time>
      ),
    },
    {
      key: 'state',
      title: t('control.log.state'),
      render: (_, item) => (
        <Tag color={commandStateColor[item.state]} data-testid="control-log-state" data-state={item.state}>
          {texts.stateName(item.state)}
        </Tag>
      ),
    },
    {
      key: 'progress',
      title: t('control.log.progress'),
      render: (_, item) =>
        item.progress_pct !== null ? (
          <Progress
            percent={item.progress_pct}
            size="small"
            className="control-log-progress"
            aria-label={t('control.log.progressOf', { name: texts.name(item.name) })}
          />
        ) : item.upgrade_status !== null ? (
          t(`control.upgrades.statusName.${item.upgrade_status}`)
        ) : (
          '--'
        ),
    },
    {
      key: 'reply',
      title: t('control.log.reply'),
      render: (_, item) =>
        item.state === 'failed' || item.state === 'expired' ? texts.reason(item) : (item.message ?? '--'),
    },
  ];

  return (
    <div className="control-log" data-testid="control-log">
      <search className="table-toolbar control-log-toolbar" data-testid="control-log-filters">
        <Select<CommandName | typeof ALL>
          className="table-filter"
          value={filters.name ?? ALL}
          aria-label={t('control.log.filterName')}
          onChange={(next) => filter({ name: next === ALL ? undefined : next })}
          options={[
            { value: ALL, label: t('control.log.allCommands') },
            ...commandNames.map((name) => ({ value: name, label: texts.name(name) })),
          ]}
          popupMatchSelectWidth={false}
          data-testid="control-log-name-filter"
        />
        <Select<CommandStateName | typeof ALL>
          className="table-filter"
          value={filters.state ?? ALL}
          aria-label={t('control.log.filterState')}
          onChange={(next) => filter({ state: next === ALL ? undefined : next })}
          options={[
            { value: ALL, label: t('control.log.allStates') },
            ...control.commandStates.map((state) => ({ value: state, label: texts.stateName(state) })),
          ]}
          popupMatchSelectWidth={false}
          data-testid="control-log-state-filter"
        />
        <Button
          icon={<ReloadOutlined aria-hidden />}
          onClick={() => void list.refetch()}
          aria-label={t('control.log.refresh')}
          title={t('control.log.refresh')}
          data-testid="control-log-refresh"
        />
        <ZoneNote zone={zone} />
      </search>
      <div ref={pagerFocus}>
        <div ref={scroll}>
          <Table<CommandItem>
            rowKey="command_id"
            size="middle"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: paging.page,
              pageSize: paging.pageSize,
              total: list.data?.total ?? 0,
              hideOnSinglePage: true,
              showTotal: (total) => t('control.log.total', { total }),
              onChange: (page, pageSize) =>
                setPaging(pageSize === paging.pageSize ? { page, pageSize } : { page: 1, pageSize }),
            }}
            locale={{
              emptyText: list.isError ? (
                <LoadFailed
                  text={describeError(list.error)}
                  retryText={t('control.retry')}
                  onRetry={() => void list.refetch()}
                />
              ) : list.isPending ? (
                <span />
              ) : filtered ? (
                <EmptyState
                  title={t('control.log.noMatchTitle')}
                  description={t('control.log.noMatchDescription')}
                  testId="control-log-no-match"
                />
              ) : (
                <EmptyState
                  title={t('control.log.emptyTitle')}
                  description={t('control.log.emptyDescription')}
                  testId="control-log-empty"
                />
              ),
            }}
            onRow={(item) => ({ 'data-testid': `control-log-row-${item.command_id}` }) as never}
            data-testid="control-log-table"
          />
        </div>
      </div>
    </div>
  );
}
