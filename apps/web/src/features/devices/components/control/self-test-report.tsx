import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import type { SelfTestRow } from '@helio/contracts/device-link';
import { Alert, Button, Descriptions, Modal, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../../components/empty-state.tsx';
import { describeError } from '../../../../lib/api.ts';
import { useSelfTestReport } from '../../api/control-maintenance.ts';
import type { ShownZone } from '../../api/telemetry.ts';
import { shortDateTime } from '../../lib/control-time.ts';
import { QuietSkeleton } from '../quiet-skeleton.tsx';

/** The unit of a test's limit and measured value: volts for voltage stages, hertz for frequency ones. */
const unitOf = (test: SelfTestRow['test']) => (test[1] === 'v' ? 'V' : 'Hz');

export interface SelfTestReportDialogProps {
  /** The self-test whose report is shown; closed without one. */
  commandId: string | undefined;
  zone: ShownZone;
  onClose: () => void;
  afterClose?: () => void;
}

/**
 * A self-test's report (api/setting/selfTest/report): each protection stage's set limit and trip
 * time against what the device measured, passed or failed in words and icon, and the verdict.
 */
export function SelfTestReportDialog({ commandId, zone, onClose, afterClose }: SelfTestReportDialogProps) {
  const { t, i18n } = useTranslation();
  const report = useSelfTestReport(commandId);
  const number = (value: number, decimals: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: decimals }).format(value);

  const columns: TableColumnsType<SelfTestRow> = [
    {
      key: 'test',
      title: t('control.report.test'),
      render: (_, row) => t(`control.report.tests.${row.test}`),
    },
    {
      key: 'limit',
      title: t('control.report.limit'),
      align: 'right',
      render: (_, row) => `${number(row.limit, 2)} ${unitOf(row.test)}`,
    },
    {
      key: 'limit_s',
      title: t('control.report.limitTime'),
      align: 'right',
      render: (_, row) => `${number(row.limit_s, 2)} s`,
    },
    {
      key: 'measured',
      title: t('control.report.measured'),
      align: 'right',
      render: (_, row) => `${number(row.measured, 2)} ${unitOf(row.test)}`,
    },
    {
      key: 'trip_s',
      title: t('control.report.tripTime'),
      align: 'right',
      render: (_, row) => `${number(row.trip_s, 2)} s`,
    },
    {
      key: 'pass',
      title: t('control.report.result'),
      render: (_, row) =>
        row.pass ? (
          <Tag color="success" icon={<CheckCircleOutlined aria-hidden />}>
            {t('control.report.pass')}
          </Tag>
        ) : (
          <Tag color="error" icon={<CloseCircleOutlined aria-hidden />}>
            {t('control.report.fail')}
          </Tag>
        ),
    },
  ];

  const data = report.data;
  return (
    <Modal
      open={commandId !== undefined}
      title={t('control.report.title')}
      onCancel={onClose}
      afterClose={afterClose}
      width={760}
      footer={
        <Button type="primary" onClick={onClose} data-testid="control-report-close">
          {t('control.close')}
        </Button>
      }
    >
      <div data-testid="control-report-dialog">
        {report.isPending ? (
          <QuietSkeleton paragraph={{ rows: 5 }} />
        ) : report.isError ? (
          <LoadFailed
            text={describeError(report.error)}
            retryText={t('control.retry')}
            onRetry={() => void report.refetch()}
          />
        ) : (
          data && (
            <>
              {data.passed !== null && (
                <Alert
                  type={data.passed ? 'success' : 'error'}
                  showIcon
                  className="control-note"
                  title={data.passed ? t('control.report.passed') : t('control.report.failed')}
                  description={data.message ?? undefined}
                />
              )}
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                items={[
                  {
                    key: 'standard',
                    label: t('control.parameter.grid_standard'),
                    children: data.grid_standard ?? '--',
                  },
                  {
                    key: 'started',
                    label: t('control.report.startedAt'),
                    children: shortDateTime(data.started_at, zone.zone, i18n.language),
                  },
                  {
                    key: 'finished',
                    label: t('control.report.finishedAt'),
                    children: data.finished_at
                      ? shortDateTime(data.finished_at, zone.zone, i18n.language)
                      : '--',
                  },
                ]}
              />
              <Table<SelfTestRow>
                rowKey="test"
                size="small"
                columns={columns}
                dataSource={data.rows}
                pagination={false}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: t('control.report.noRows') }}
                data-testid="control-report-table"
              />
            </>
          )
        )}
      </div>
    </Modal>
  );
}
