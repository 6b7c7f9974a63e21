import { Card, Radio } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionTitle } from '../../stations/index.ts';
import { ChargerPanel } from './charger-panel.tsx';
import { RecordsCard } from './records-card.tsx';
import '../charging.css';

export interface ChargingSectionsProps {
  stationId: number;
  /** The station's chargers (wallboxes), as the pile overview lists them. */
  chargers: readonly { sn: string }[];
}

/**
 * A station's wallbox charging (SPEC.md §2 "charging records and plan"): a card with each
 * charger's state, remote acts, plan and forecast (a charger chosen when there are several), and
 * the charging records card.
 */
export function ChargingSections({ stationId, chargers }: ChargingSectionsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<string>();
  const sn = chargers.some((charger) => charger.sn === chosen) ? chosen : chargers[0]?.sn;
  if (!sn) return null;
  return (
    <>
      <Card
        title={<SectionTitle>{t('charging.title')}</SectionTitle>}
        className="station-section station-section-wide charging-card"
        data-testid="charging-plan-card"
      >
        {chargers.length > 1 && (
          <div className="charging-picker">
            <span id={`${id}-picker`} className="charging-muted">
              {t('charging.charger')}
            </span>
            <Radio.Group
              optionType="button"
              value={sn}
              onChange={(event) => setChosen(event.target.value as string)}
              aria-labelledby={`${id}-picker`}
              data-testid="charging-picker"
            >
              {chargers.map((charger) => (
                <Radio.Button key={charger.sn} value={charger.sn} data-testid={`charging-pick-${charger.sn}`}>
                  {charger.sn}
                </Radio.Button>
              ))}
            </Radio.Group>
          </div>
        )}
        <ChargerPanel key={sn} sn={sn} />
      </Card>
      <RecordsCard stationId={stationId} chargers={chargers} />
    </>
  );
}
