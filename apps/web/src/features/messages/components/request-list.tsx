import { CheckOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import {
  type AuthorizationState,
  authorizationStates,
  DEFAULT_PAGE_SIZE,
  type RequestItem,
  RoleId,
} from '@helio/contracts';
import { Button, Popconfirm, Segmented, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { useKeyboardScroll } from '../../../hooks/use-focus-return.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useSession } from '../../../lib/session-store.ts';
import { type RequestAnswer, useRequestChanges, useRequestList } from '../api/requests.ts';
import { type RequestDirection, readRequestFilters } from '../lib/paths.ts';
import { MessageTime } from './message-time.tsx';
import { RequestAccessDialog } from './request-access-dialog.tsx';

const ALL = 'all';

export const requestStateColor: Record<AuthorizationState, string> = {
  pending_review: 'processing',
  pass: 'success',
  permanent_rejection: 'error',
};

/**
 * Authorization requests (SPEC.md §3–4): those received for the caller's stations, which a holder
 * passes or refuses for good (each after confirming), and those the caller's tree sent, with their
 * state. Installers ask for access to the station of a device registered elsewhere from here too.
 */
export function RequestList() {
  const { t } = useTranslation();
  // a table that scrolls sideways with nothing to focus in it takes the focus itself
  const requestsScroll = useKeyboardScroll<HTMLDivElement>(t('messages.tabs.requests'));
  const mayAsk = useSession()?.roleId === RoleId.installer;
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readRequestFilters(searchParams);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [asking, setAsking] = useState<boolean | null>(null);
  const requests = useRequestList({
    page: paging.page,
    page_size: paging.pageSize,
    direction: filters.direction,
    ...(filters.state ? { state: filters.state } : {}),
  });
  const changes = useRequestChanges();
  const received = filters.direction === 'received';

  const setFilter = (name: 'direction' | 'state', value: string | undefined) => {
    setPaging((current) => ({ ...current, page: 1 }));
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  };

  const answer = (item: RequestItem, choice: RequestAnswer) =>
    changes.answer
      .mutateAsync({ request_id: item.request_id, answer: choice })
      .then(() =>
        notifySuccess(
          t(`messages.requests.answered.${choice}`, { name: item.requester_name }),
          'request-answer',
        ),
      )
      .catch(() => undefined);

  const columns: TableColumnsType<RequestItem> = [
    {
      key: 'created_at',
      title: t('messages.requests.field.createdAt'),
      dataIndex: 'created_at',
      render: (value: string) => <MessageTime value={value} />,
    },
    {
      key: 'sn',
      title: t('messages.requests.field.sn'),
      dataIndex: 'sn',
      render: (sn: string) => <span className="request-sn">{sn}</span>,
    },
    {
      key: 'station',
      title: t('messages.requests.field.station'),
      dataIndex: 'station_name',
      // The requester learns the station only once access is granted.
      render: (name: string | null) => name ?? t('messages.requests.stationHidden'),
    },
    ...(received
      ? [{ key: 'requester', title: t('messages.requests.field.requester'), dataIndex: 'requester_name' }]
      : []),
    {
      key: 'note',
      title: t('messages.requests.field.note'),
      dataIndex: 'note',
      render: (note: string | null) => note ?? '—',
    },
    {
      key: 'state',
      title: t('messages.requests.field.state'),
      dataIndex: 'state',
      render: (state: AuthorizationState) => (
        <Tag color={requestStateColor[state]} data-testid="request-state" data-state={state}>
          {t(`messages.requests.state.${state}`)}
        </Tag>
      ),
    },
    {
      key: 'answered',
      title: t('messages.requests.field.answered'),
      render: (_: unknown, item: RequestItem) =>
        item.answered_at ? (
          <span className="request-answered">
            <span>{item.answered_by_name ?? '—'}</span>
            <MessageTime value={item.answered_at} />
          </span>
        ) : (
          '—'
        ),
    },
    ...(received
      ? [
          {
            key: 'actions',
            title: t('messages.requests.field.actions'),
            render: (_: unknown, item: RequestItem) =>
              item.state === 'pending_review' ? (
                <Space size={4}>
                  <Popconfirm
                    title={t('messages.requests.passTitle', { name: item.requester_name })}
                    description={t('messages.requests.passDescription', {
                      name: item.requester_name,
                      station: item.station_name ?? item.sn,
                    })}
                    okText={t('messages.requests.pass')}
                    cancelText={t('messages.cancel')}
                    okButtonProps={{ 'data-testid': 'request-pass-confirm' }}
                    onConfirm={() => answer(item, 'pass')}
                  >
                    <Button size="small" type="primary" icon={<CheckOutlined />} data-testid="request-pass">
                      {t('messages.requests.pass')}
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title={t('messages.requests.rejectTitle', { name: item.requester_name })}
                    description={t('messages.requests.rejectDescription')}
                    okText={t('messages.requests.reject')}
                    cancelText={t('messages.cancel')}
                    okButtonProps={{ danger: true, 'data-testid': 'request-reject-confirm' }}
                    onConfirm={() => answer(item, 'permanent_rejection')}
                  >
                    <Button size="small" danger icon={<StopOutlined />} data-testid="request-reject">
                      {t('messages.requests.reject')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <div data-testid="request-list">
      <div className="table-toolbar">
        <Segmented<RequestDirection>
          value={filters.direction}
          onChange={(next) => setFilter('direction', next === 'received' ? undefined : next)}
          options={(['received', 'sent'] as const).map((direction) => ({
            value: direction,
            label: (
              <span data-testid={`request-direction-${direction}`}>
                {t(`messages.requests.direction.${direction}`)}
              </span>
            ),
          }))}
          aria-label={t('messages.requests.directionLabel')}
        />
        <Select<AuthorizationState | typeof ALL>
          className="table-filter"
          value={filters.state ?? ALL}
          aria-label={t('messages.requests.field.state')}
          onChange={(next) => setFilter('state', next === ALL ? undefined : next)}
          options={[
            { value: ALL, label: t('messages.requests.stateAll') },
            ...authorizationStates.map((state) => ({
              value: state,
              label: t(`messages.requests.state.${state}`),
            })),
          ]}
          popupMatchSelectWidth={false}
          data-testid="request-state-filter"
        />
        {mayAsk && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            className="table-refresh"
            onClick={() => setAsking(true)}
            data-testid="request-add"
          >
            {t('messages.requests.add')}
          </Button>
        )}
      </div>
      <div ref={requestsScroll}>
        <Table<RequestItem>
          rowKey="request_id"
          data-testid="requests-table"
          size="middle"
          columns={columns}
          dataSource={requests.data?.list ?? []}
          loading={requests.isFetching}
          scroll={{ x: 'max-content' }}
          onRow={(item) => ({ 'data-testid': `request-row-${item.request_id}`, 'data-sn': item.sn }) as never}
          locale={{
            emptyText: requests.isPending ? (
              <span />
            ) : requests.isError ? (
              <LoadFailed
                text={t('messages.requests.loadFailed')}
                retryText={t('messages.retry')}
                onRetry={() => void requests.refetch()}
              />
            ) : (
              <EmptyState
                title={t(`messages.requests.empty.${filters.direction}Title`)}
                description={t(`messages.requests.empty.${filters.direction}Description`)}
                testId="requests-empty"
              />
            ),
          }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: requests.data?.total ?? 0,
            hideOnSinglePage: true,
            showTotal: (total) => t('messages.total', { total }),
            onChange: (page, pageSize) =>
              setPaging(pageSize === paging.pageSize ? { page, pageSize } : { page: 1, pageSize }),
          }}
        />
      </div>
      {asking !== null && (
        <RequestAccessDialog
          open={asking}
          onClose={() => setAsking(false)}
          onDone={() => setFilter('direction', 'sent')}
        />
      )}
    </div>
  );
}
