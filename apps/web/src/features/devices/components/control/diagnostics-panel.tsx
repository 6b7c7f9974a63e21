import type { DiagnosticKind } from '@helio/contracts';
import { Collapse, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../../components/empty-state.tsx';
import { describeError } from '../../../../lib/api.ts';
import { useDiagnostics } from '../../api/control-maintenance.ts';
import type { ShownZone } from '../../api/telemetry.ts';
import { shortDateTime } from '../../lib/control-time.ts';

interface Refusal {
  at: string;
  kind: DiagnosticKind;
  topic: string | null;
  detail: string;
}

/**
 * The messages the portal refused or dropped from the device, with the reason (api/device/diagnostics):
 * the installer's view to debug an integration without the server's log. Asked when opened.
 */
export function DiagnosticsPanel({ sn, zone }: { sn: string; zone: ShownZone }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const diagnostics = useDiagnostics(sn, open);
  const columns: TableColumnsType<Refusal> = [
    {
      key: 'at',
      title: t('control.diagnostics.at'),
      render: (_, row) => shortDateTime(row.at, zone.zone, i18n.language),
    },
    {
      key: 'kind',
      title: t('control.diagnostics.reason'),
      render: (_, row) => t(`control.diagnostics.kind.${row.kind}`),
    },
    {
      key: 'topic',
      title: t('control.diagnostics.topic'),
      render: (_, row) => row.topic ?? '--',
      className: 'control-file',
    },
    { key: 'detail', title: t('control.diagnostics.detail'), dataIndex: 'detail' },
  ];
  return (
    <Collapse
      className="control-diagnostics"
      activeKey={open ? ['refused'] : []}
      onChange={(keys) => setOpen(keys.includes('refused'))}
      data-testid="control-diagnostics"
      items={[
        {
          key: 'refused',
          label: t('control.diagnostics.title'),
          children: (
            <>
              <p className="control-help">{t('control.diagnostics.description')}</p>
              <Table<Refusal>
                rowKey={(row) => `${row.at}|${row.kind}|${row.topic ?? ''}`}
                size="small"
                columns={columns}
                dataSource={diagnostics.data?.list ?? []}
                loading={diagnostics.isFetching}
                pagination={false}
                scroll={{ x: 'max-content' }}
                locale={{
                  emptyText: diagnostics.isError ? (
                    <LoadFailed
                      text={describeError(diagnostics.error)}
                      retryText={t('control.retry')}
                      onRetry={() => void diagnostics.refetch()}
                    />
                  ) : diagnostics.isPending ? (
                    <span />
                  ) : (
                    <EmptyState
                      title={t('control.diagnostics.emptyTitle')}
                      description={t('control.diagnostics.emptyDescription')}
                      testId="control-diagnostics-empty"
                    />
                  ),
                }}
                data-testid="control-diagnostics-table"
              />
            </>
          ),
        },
      ]}
    />
  );
}
