import type { ChargingPlanView } from '@helio/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { energyText, PileStateTag, percentText, powerText, zonedDateTimeText } from '../../stations/index.ts';
import { useChargingTexts } from '../lib/use-charging-texts.ts';

/**
 * What the charger reports it follows now (its newest reading): its state and whether it is
 * online, the mode and phases it runs, its current limit and power, this session's energy and the
 * car's SOC when the car says it.
 */
export function ChargerNow({ view }: { view: ChargingPlanView }) {
  const { t, i18n } = useTranslation();
  const texts = useChargingTexts();
  const charger = view.charger;
  if (!charger)
    return (
      <p className="charging-muted" data-testid="charging-now-none">
        {t('charging.now.none')}
      </p>
    );
  const figures = [
    {
      key: 'mode',
      label: t('charging.now.mode'),
      value: charger.plan_mode ? texts.mode(charger.plan_mode) : '--',
    },
    {
      key: 'phases',
      label: t('charging.now.phases'),
      value: charger.phases === null ? '--' : String(charger.phases),
    },
    { key: 'current', label: t('charging.now.current'), value: texts.current(charger.current_limit_a) },
    { key: 'power', label: t('charging.now.power'), value: powerText(charger.power_w) },
    { key: 'session', label: t('charging.now.session'), value: energyText(charger.session_kwh) },
    { key: 'soc', label: t('charging.now.carSoc'), value: percentText(charger.car_soc_pct) },
  ];
  return (
    <div className="charging-now" data-testid="charging-now">
      <div className="charging-now-state">
        {charger.online ? (
          <PileStateTag state={charger.pile_state} />
        ) : (
          <Tag data-testid="charging-offline">{t('charging.now.offline')}</Tag>
        )}
        {charger.online && charger.remote_hold && (
          <Tag color="warning" data-testid="charging-held">
            {t('charging.now.held')}
          </Tag>
        )}
        {charger.updated_at && (
          <span className="charging-muted">
            {t('charging.now.updated', {
              time: zonedDateTimeText(charger.updated_at, view.timezone, i18n.language),
            })}
          </span>
        )}
      </div>
      <dl className="charging-figures">
        {figures.map((figure) => (
          <div key={figure.key}>
            <dt>{figure.label}</dt>
            <dd data-testid={`charging-now-${figure.key}`}>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
