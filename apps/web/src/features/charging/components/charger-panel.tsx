import { EditOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/empty-state.tsx';
import { LiveNote } from '../../../components/live-note.tsx';
import { describeError } from '../../../lib/api.ts';
import { CommandProgress, QuietSkeleton } from '../../devices/index.ts';
import { useChargerLive, useChargingPlan, useRefreshPlan } from '../api/charging.ts';
import { ChargerNow } from './charger-now.tsx';
import { ForecastView } from './forecast-view.tsx';
import { PlanEditor } from './plan-editor.tsx';
import { PlanSummary } from './plan-summary.tsx';
import { RemoteControl } from './remote-control.tsx';

/**
 * One charger: what it does now with its remote acts, its plan and that plan's forecast, or the
 * plan's editor. A plan just saved is followed until the charger has applied it; the charger's
 * live stream fetches its state again as soon as it changes, and without the stream the state is
 * asked every few seconds while any command is under way.
 */
export function ChargerPanel({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const [following, setFollowing] = useState(false);
  const [editing, setEditing] = useState(false);
  /** The plan command sent from here, followed while `open`, its outcome shown after. */
  const [planCommand, setPlanCommand] = useState<{ id: string; open: boolean }>();
  const view = useChargingPlan(sn, following || planCommand?.open === true);
  const live = useChargerLive(sn);
  const refresh = useRefreshPlan(sn);
  const editButton = useRef<HTMLButtonElement>(null);
  // the editor closed: the focus goes back to the button that opened it, once it is there again
  const [focusBack, setFocusBack] = useState(false);
  useEffect(() => {
    if (editing || !focusBack) return;
    editButton.current?.focus();
    setFocusBack(false);
  }, [editing, focusBack]);
  const data = view.data;

  if (!data && view.isError)
    return (
      <LoadFailed
        text={describeError(view.error)}
        retryText={t('charging.retry')}
        onRetry={() => void view.refetch()}
      />
    );
  if (!data) return <QuietSkeleton paragraph={{ rows: 6 }} />;

  const closeEditor = () => {
    setEditing(false);
    setFocusBack(true);
  };

  return (
    <div className="charging-panel" data-testid={`charging-charger-${sn}`} data-sn={sn}>
      <section className="charging-block" aria-labelledby={`charging-now-${sn}`}>
        <div className="charging-block-head">
          <h3 id={`charging-now-${sn}`} className="charging-subtitle">
            {t('charging.now.title')}
          </h3>
          <LiveNote
            live={live}
            text={live ? t('charging.now.liveOn') : t('charging.now.liveOff')}
            testId="charging-live"
          />
        </div>
        <ChargerNow view={data} />
        <RemoteControl view={data} onFollow={setFollowing} />
      </section>
      {editing ? (
        <PlanEditor
          view={data}
          onCancel={closeEditor}
          onSaved={(commandId) => {
            setPlanCommand({ id: commandId, open: true });
            closeEditor();
          }}
        />
      ) : (
        <>
          <section className="charging-block" aria-labelledby={`charging-plan-${sn}`}>
            <div className="charging-block-head">
              <h3 id={`charging-plan-${sn}`} className="charging-subtitle">
                {t('charging.plan.title')}
              </h3>
              {data.may.plan && (
                <Button
                  ref={editButton}
                  icon={<EditOutlined aria-hidden />}
                  onClick={() => setEditing(true)}
                  data-testid="charging-plan-edit"
                >
                  {t('charging.plan.edit')}
                </Button>
              )}
            </div>
            <PlanSummary view={data} lastCommand={planCommand === undefined} />
            {planCommand && (
              <CommandProgress
                key={planCommand.id}
                sn={sn}
                commandId={planCommand.id}
                underWay={t('charging.plan.underWay')}
                onEnd={() => {
                  setPlanCommand({ id: planCommand.id, open: false });
                  void refresh();
                }}
                testId="charging-plan-progress"
              />
            )}
            {!data.may.plan && (
              <p className="charging-muted" data-testid="charging-plan-read-only">
                {t('charging.plan.readOnly')}
              </p>
            )}
            {data.may.plan && data.may.unlock && (
              <p className="charging-muted" data-testid="charging-needs-password">
                {t('charging.plan.needsPassword')}
              </p>
            )}
          </section>
          <section className="charging-block" aria-labelledby={`charging-forecast-${sn}`}>
            <h3 id={`charging-forecast-${sn}`} className="charging-subtitle">
              {t('charging.forecast.title')}
            </h3>
            <ForecastView
              forecast={data.forecast}
              zone={data.timezone}
              currency={data.currency}
              testId="charging-forecast"
            />
          </section>
        </>
      )}
      {view.isError && (
        <Alert
          type="warning"
          showIcon
          className="charging-note"
          title={t('charging.stale')}
          data-testid="charging-stale"
        />
      )}
    </div>
  );
}
