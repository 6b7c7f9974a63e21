import type { CallData, ems5000 } from '@helio/contracts';
import { emsKeyFields } from '@helio/contracts';
import type { EmsPart } from '@helio/contracts/device-link';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '../../devices/index.ts';
import { useEmsTexts } from '../lib/use-ems-texts.ts';
import { StateTag } from './state-tag.tsx';

type SystemData = CallData<typeof ems5000.sysIndex>;
type PartItem = SystemData['parts'][number];

function PartCard({ item, onOpen }: { item: PartItem; onOpen: (part: EmsPart) => void }) {
  const { t } = useTranslation();
  const texts = useEmsTexts();
  const titleId = `ems-card-${item.part}-title`;
  // the key values first, in the contracts' order, then any other the server gave
  const keys = [
    ...emsKeyFields[item.part].filter((key) => key in item.values),
    ...Object.keys(item.values).filter((key) => !emsKeyFields[item.part].includes(key) && key !== 'state'),
  ];
  return (
    <section className="ems-card" aria-labelledby={titleId} data-testid={`ems-card-${item.part}`}>
      <header className="ems-card-header">
        <h3 id={titleId} className="ems-card-title">
          {texts.partName(item.part)}
        </h3>
        <StateTag set={item.part} code={item.state} testId={`ems-card-${item.part}-state`} />
      </header>
      {keys.length === 0 ? (
        <p className="ems-muted">{t('ems5000.noValues')}</p>
      ) : (
        <dl className="ems-card-values">
          {keys.map((key) => (
            <div key={key}>
              <dt>{texts.valueLabel(item.part, key)}</dt>
              <dd data-testid={`ems-card-${item.part}-${key}`}>
                {texts.valueText(item.part, key, item.values[key])}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="ems-card-footer">
        {item.alarms.length === 0 ? (
          <span className="ems-muted" data-testid={`ems-card-${item.part}-alarms`}>
            {t('ems5000.noAlarms')}
          </span>
        ) : (
          <span className="ems-alarms" data-testid={`ems-card-${item.part}-alarms`}>
            {t('ems5000.alarmsNow', {
              count: item.alarms.length,
              codes: item.alarms.map((alarm) => alarm.code).join(', '),
            })}
          </span>
        )}
        <Tag color={item.writable ? 'blue' : 'default'} data-testid={`ems-card-${item.part}-writable`}>
          {item.writable ? t('ems5000.writable') : t('ems5000.readOnly')}
        </Tag>
      </div>
      <Button
        size="small"
        onClick={() => onOpen(item.part)}
        aria-label={t('ems5000.openPartOf', { part: texts.partName(item.part) })}
        data-testid={`ems-card-${item.part}-open`}
      >
        {t('ems5000.openPart')}
      </Button>
    </section>
  );
}

export interface SystemTabProps {
  system: SystemData;
  zone: string;
  onOpen: (part: EmsPart) => void;
}

/** The System tab: the EMS's own state and running mode, then every part as a card. */
export function SystemTab({ system, zone, onOpen }: SystemTabProps) {
  const { t, i18n } = useTranslation();
  const texts = useEmsTexts();
  return (
    <div className="ems-system" data-testid="ems-system-tab">
      <dl className="ems-summary">
        <div>
          <dt>{t('ems5000.systemState')}</dt>
          <dd>
            <StateTag set="ems" code={system.state} testId="ems-system-state" />
          </dd>
        </div>
        <div>
          <dt>{t('ems5000.runningMode')}</dt>
          <dd data-testid="ems-system-mode" data-mode={system.mode ?? ''}>
            {texts.mode(system.mode)}
          </dd>
        </div>
        <div>
          <dt>{t('ems5000.updated')}</dt>
          <dd>
            {system.updated_at
              ? formatZonedDateTime(system.updated_at, zone, i18n.language)
              : t('ems5000.neverReported')}
          </dd>
        </div>
      </dl>
      {system.parts.length === 0 ? (
        <p className="ems-muted" data-testid="ems-no-parts">
          {t('ems5000.noParts')}
        </p>
      ) : (
        <div className="ems-cards">
          {system.parts.map((item) => (
            <PartCard key={item.part} item={item} onOpen={onOpen} />
          ))}
        </div>
      )}
    </div>
  );
}
