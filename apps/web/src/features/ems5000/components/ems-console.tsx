import { Button, Card } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { LiveNote } from '../../../components/live-note.tsx';
import { ApiError, describeError } from '../../../lib/api.ts';
import { QuietSkeleton } from '../../devices/index.ts';
import { useEmsLive, useEmsSystem } from '../api/ems5000.ts';
import { type ConsoleTab, consoleTabs, isPart } from '../lib/console.ts';
import { useEmsTexts } from '../lib/use-ems-texts.ts';
import { ConsoleTabs } from './console-tabs.tsx';
import { ModesTab } from './modes-tab.tsx';
import { PartTab } from './part-tab.tsx';
import { SystemTab } from './system-tab.tsx';
import '../ems5000.css';

/** The station is out of reach or has no EMS 5000 (yet). */
const NO_EMS = '9001';

export interface EmsConsoleProps {
  stationId: number;
  /** The station's IANA zone: its local day and times. */
  zone: string;
}

/**
 * The EMS 5000 console of a C&I station (SPEC.md §2 "EMS 5000 system with slave tabs"): the System
 * tab with every part at a glance, a tab per part the EMS reports (its values, day chart and
 * parameters) and the Modes tab. Installers read and write; the demo and end users read.
 */
export function EmsConsole({ stationId, zone }: EmsConsoleProps) {
  const { t } = useTranslation();
  const texts = useEmsTexts();
  const system = useEmsSystem(stationId);
  const live = useEmsLive(stationId);
  const [active, setActive] = useState<ConsoleTab>('system');
  const data = system.data;

  let body: ReactNode;
  if (!data && system.isError) {
    body =
      system.error instanceof ApiError && system.error.code === NO_EMS ? (
        <EmptyState
          title={t('ems5000.noEmsTitle')}
          description={t('ems5000.noEmsDescription')}
          testId="ems-console-empty"
        />
      ) : (
        <LoadFailed
          text={describeError(system.error)}
          retryText={t('ems5000.retry')}
          onRetry={() => void system.refetch()}
        />
      );
  } else if (!data) {
    body = <QuietSkeleton paragraph={{ rows: 6 }} />;
  } else {
    const tabs = consoleTabs(data.parts.map((item) => item.part));
    const shown = tabs.includes(active) ? active : 'system';
    body = (
      <ConsoleTabs<ConsoleTab>
        tabs={tabs}
        active={shown}
        onChange={setActive}
        label={t('ems5000.tabsLabel')}
        tabText={(tab) => texts.tab(tab)}
        panel={(tab) =>
          tab === 'system' ? (
            <SystemTab system={data} zone={zone} onOpen={setActive} />
          ) : tab === 'modes' ? (
            <ModesTab stationId={stationId} />
          ) : isPart(tab) ? (
            <PartTab stationId={stationId} part={tab} zone={zone} />
          ) : null
        }
      />
    );
  }

  return (
    <Card
      title={
        <h2 className="ems-console-title">
          {data ? t('ems5000.titleSn', { sn: data.equ_sn }) : t('ems5000.title')}
        </h2>
      }
      extra={
        data && (
          <span className="ems-console-extra">
            <LiveNote
              live={live}
              text={live ? t('ems5000.liveOn') : t('ems5000.liveOff')}
              testId="ems-live"
            />
            <Button
              size="small"
              onClick={() => void system.refetch()}
              loading={system.isFetching}
              data-testid="ems-refresh"
            >
              {t('ems5000.refresh')}
            </Button>
          </span>
        )
      }
      className="station-section station-section-wide ems-console"
      data-testid="ems-console"
      data-status={data?.status ?? ''}
    >
      {body}
    </Card>
  );
}
