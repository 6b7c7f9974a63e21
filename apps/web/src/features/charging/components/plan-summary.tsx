import type { ChargingPlanView } from '@helio/contracts';
import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCommandTexts } from '../../devices/index.ts';
import { zonedDateTimeText } from '../../stations/index.ts';
import { planCommandUnderWay } from '../api/charging.ts';
import { useChargingTexts } from '../lib/use-charging-texts.ts';

/** The last plan command sent to the charger: on its way, applied, or failed in the device's words. */
function LastCommand({ view }: { view: ChargingPlanView }) {
  const { t, i18n } = useTranslation();
  const commands = useCommandTexts();
  const command = view.command;
  if (!command) return null;
  const time = zonedDateTimeText(command.updated_at, view.timezone, i18n.language);
  if (planCommandUnderWay(command))
    return (
      <p
        role="status"
        className="charging-progress"
        data-testid="charging-plan-command"
        data-state={command.state}
      >
        {t('charging.plan.sending', { state: commands.stateName(command.state) })}
      </p>
    );
  if (command.state === 'succeeded')
    return (
      <p
        role="status"
        className="charging-muted"
        data-testid="charging-plan-command"
        data-state={command.state}
      >
        {t('charging.plan.applied', { time })}
      </p>
    );
  return (
    <Alert
      type={command.state === 'expired' ? 'warning' : 'error'}
      showIcon
      role="status"
      className="charging-note"
      title={t('charging.plan.notApplied', { time })}
      description={commands.reason({
        state: command.state,
        error: command.error as Parameters<typeof commands.reason>[0]['error'],
        message: command.message,
      })}
      data-testid="charging-plan-command"
      data-state={command.state}
    />
  );
}

/**
 * The plan in force: its mode, currents and phases, its targets, and (`lastCommand`, unless one
 * sent from here is followed beside it) whether the charger has it.
 */
export function PlanSummary({ view, lastCommand }: { view: ChargingPlanView; lastCommand: boolean }) {
  const { t, i18n } = useTranslation();
  const texts = useChargingTexts();
  const plan = view.plan;
  const nowMs = Date.now();
  const override = plan.override && Date.parse(plan.override.departure_at) > nowMs ? plan.override : null;
  return (
    <div className="charging-plan-summary" data-testid="charging-plan-summary">
      <p className="charging-plan-mode">
        <strong data-testid="charging-plan-mode" data-mode={plan.mode}>
          {texts.mode(plan.mode)}
        </strong>{' '}
        {view.saved ? (
          <span className="charging-muted">
            {view.updated_at
              ? t('charging.plan.savedAt', {
                  time: zonedDateTimeText(view.updated_at, view.timezone, i18n.language),
                })
              : t('charging.plan.saved')}
          </span>
        ) : (
          <Tag data-testid="charging-plan-default">{t('charging.plan.default')}</Tag>
        )}
      </p>
      <p className="charging-muted">{texts.modeHelp(plan.mode)}</p>
      <dl className="charging-figures">
        <div>
          <dt>{t('charging.plan.currents')}</dt>
          <dd data-testid="charging-plan-currents">
            {t('charging.plan.currentRange', {
              min: texts.current(plan.min_current_a),
              max: texts.current(plan.max_current_a),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('charging.plan.phases')}</dt>
          <dd>{texts.phases(plan.phases)}</dd>
        </div>
        {plan.car_capacity_kwh !== null && (
          <div>
            <dt>{t('charging.plan.capacity')}</dt>
            <dd>{t('charging.plan.capacityValue', { capacity: plan.car_capacity_kwh })}</dd>
          </div>
        )}
      </dl>
      <h4 className="charging-minor-title">{t('charging.plan.targets')}</h4>
      {plan.weekly.length === 0 && !override ? (
        <p className="charging-muted" data-testid="charging-plan-targets">
          {t('charging.plan.noTargets')}
        </p>
      ) : (
        <ul className="charging-targets" data-testid="charging-plan-targets">
          {plan.weekly.map((target) => (
            <li key={`${target.days.join('')}-${target.departure}`}>{texts.weekly(target)}</li>
          ))}
          {override && (
            <li data-testid="charging-plan-override">{texts.override(override, view.timezone)}</li>
          )}
        </ul>
      )}
      {lastCommand && <LastCommand view={view} />}
    </div>
  );
}
