import { RoleId } from '@helio/contracts';
import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import { AlarmPanel } from '../components/alarm-panel.tsx';
import { ReportList } from '../components/report-list.tsx';
import '../alarms.css';

const tabs = ['alarms', 'reports'] as const;
type AlarmTab = (typeof tabs)[number];

/**
 * /alarmList/alarmList (SPEC.md §2): the alarms of the caller's stations, and under them the
 * abnormal reports (`?tab=reports`). Installers process alarms and handle reports; end users read
 * (the server decides, and answers 9001 to the demo account's changes).
 */
export function AlarmListRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.alarms.title'));
  const session = useSession();
  const mayChange = session?.roleId === RoleId.installer;
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AlarmTab = searchParams.get('tab') === 'reports' ? 'reports' : 'alarms';

  const chooseTab = (key: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === 'alarms') next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <section className="page alarm-list">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('pages.alarms.title')}
        </Typography.Title>
      </div>
      <Card className="page-card">
        <Tabs
          activeKey={tab}
          onChange={chooseTab}
          destroyOnHidden
          items={tabs.map((key) => ({
            key,
            label: <span data-testid={`alarm-tab-${key}`}>{t(`alarms.tabs.${key}`)}</span>,
            children:
              key === 'alarms' ? <AlarmPanel mayChange={mayChange} /> : <ReportList mayChange={mayChange} />,
          }))}
        />
      </Card>
    </section>
  );
}
