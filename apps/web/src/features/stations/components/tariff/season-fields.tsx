import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type TariffSeason, tariffBands, tariffLimits } from '@helio/contracts';
import { Button, Form, Input, type InputProps, Select } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusSoon } from '../../../../hooks/use-focus-return.ts';
import { BandBar } from './band-bar.tsx';
import { monthName, weekdayName } from './tariff-bar.ts';
import { ALL_DAYS, ALL_MONTHS, newPeriod, type SeasonValues } from './tariff-form.ts';
import type { TariffForm } from './use-tariff-form.ts';

const TIME_PLACEHOLDER = 'HH:mm';

/** A time set's start or end, typed as HH:mm (its form item gives it its value and checks). */
function TimeInput(props: InputProps) {
  return (
    <Input
      className="tariff-time"
      inputMode="numeric"
      placeholder={TIME_PLACEHOLDER}
      maxLength={5}
      autoComplete="off"
      {...props}
    />
  );
}

/** What the bar can draw of a season as typed (an unfinished one draws as far as it goes). */
function drawable(season: Partial<SeasonValues> | undefined): TariffSeason {
  return {
    name: season?.name ?? '',
    months: season?.months ?? [],
    periods: (season?.periods ?? [])
      .filter((period) => period && Array.isArray(period.days))
      .map((period) => ({
        band: period.band,
        days: period.days,
        start: period.start ?? '',
        end: period.end ?? '',
      })),
  };
}

export interface SeasonFieldsProps {
  form: TariffForm;
  /** The season's index in the list (its name path `seasons.<index>`). */
  index: number;
  /** The list's item name antd gives (equal to the index). */
  name: number;
  onRemove?: (() => void) | undefined;
}

/**
 * One season of the tariff: its name, its months, its time sets (band, weekdays, start, end,
 * each group named "Time set 2") and its day on 24-hour bars as the time sets make it. Every
 * field's problem is the tariff check's, under the field it names.
 */
export function SeasonFields({ form, index, name, onRemove }: SeasonFieldsProps) {
  const { t, i18n } = useTranslation();
  const at = `seasons.${index}`;
  const season = Form.useWatch(['seasons', index], { form: form.form, preserve: true }) as
    | Partial<SeasonValues>
    | undefined;
  const addRef = useRef<HTMLButtonElement>(null);
  const seasonTitle = t('tariffs.season.title', { index: index + 1 });
  const language = i18n.language;

  return (
    <fieldset className="tariff-season" data-testid={`tariff-season-${index}`}>
      <legend className="tariff-season-legend">{seasonTitle}</legend>
      <div className="tariff-season-head">
        <Form.Item name={[name, 'name']} label={t('tariffs.season.name')} rules={[form.rule(`${at}.name`)]}>
          <Input maxLength={tariffLimits.seasonNameMaxLength} data-testid={`tariff-season-${index}-name`} />
        </Form.Item>
        <Form.Item
          name={[name, 'months']}
          label={t('tariffs.season.months')}
          rules={[form.rule(`${at}.months`)]}
        >
          <Select
            mode="multiple"
            options={ALL_MONTHS.map((month) => ({ value: month, label: monthName(month, language) }))}
            optionFilterProp="label"
            data-testid={`tariff-season-${index}-months`}
          />
        </Form.Item>
        {onRemove && (
          <Button
            className="tariff-remove"
            icon={<DeleteOutlined aria-hidden />}
            onClick={onRemove}
            data-testid={`tariff-season-${index}-remove`}
          >
            {t('tariffs.season.remove', { season: seasonTitle })}
          </Button>
        )}
      </div>
      <Form.List name={[name, 'periods']} rules={[form.rule(`${at}.periods`)]}>
        {(periods, { add, remove }, { errors }) => (
          <div className="tariff-periods">
            <h3 className="tariff-subtitle">{t('tariffs.period.title')}</h3>
            {periods.map((period, p) => {
              const periodAt = `${at}.periods.${p}`;
              const periodTitle = t('tariffs.period.name', { index: p + 1 });
              const testId = `tariff-period-${index}-${p}`;
              return (
                <fieldset key={period.key} className="tariff-period" data-testid={testId}>
                  <legend className="tariff-period-legend">{periodTitle}</legend>
                  <Form.Item
                    name={[period.name, 'band']}
                    label={t('tariffs.period.band')}
                    rules={[form.rule(`${periodAt}.band`)]}
                  >
                    <Select
                      options={tariffBands.map((band) => ({ value: band, label: t(`tariffs.band.${band}`) }))}
                      data-testid={`${testId}-band`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[period.name, 'days']}
                    label={t('tariffs.period.days')}
                    rules={[form.rule(`${periodAt}.days`)]}
                  >
                    <Select
                      mode="multiple"
                      options={ALL_DAYS.map((day) => ({ value: day, label: weekdayName(day, language) }))}
                      optionFilterProp="label"
                      data-testid={`${testId}-days`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[period.name, 'start']}
                    label={t('tariffs.period.start')}
                    rules={[form.rule(`${periodAt}.start`)]}
                  >
                    <TimeInput data-testid={`${testId}-start`} />
                  </Form.Item>
                  <Form.Item
                    name={[period.name, 'end']}
                    label={t('tariffs.period.end')}
                    extra={p === 0 ? t('tariffs.period.endHint') : undefined}
                    rules={[form.rule(`${periodAt}.end`)]}
                  >
                    <TimeInput data-testid={`${testId}-end`} />
                  </Form.Item>
                  <Button
                    className="tariff-period-remove"
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() => {
                      remove(period.name);
                      // the button has gone with its time set: the list's add button takes the focus
                      focusSoon(addRef.current);
                    }}
                    aria-label={t('tariffs.period.remove', { period: periodTitle, season: seasonTitle })}
                    title={t('tariffs.period.remove', { period: periodTitle, season: seasonTitle })}
                    data-testid={`${testId}-remove`}
                  />
                </fieldset>
              );
            })}
            <div data-testid={`tariff-season-${index}-periods-error`}>
              <Form.ErrorList errors={errors} />
            </div>
            <Button
              ref={addRef}
              icon={<PlusOutlined aria-hidden />}
              disabled={periods.length >= tariffLimits.periodsPerSeason}
              onClick={() => {
                add(newPeriod());
                // the new time set's start takes the focus
                requestAnimationFrame(() => {
                  const field = form.form.getFieldInstance([
                    'seasons',
                    index,
                    'periods',
                    periods.length,
                    'start',
                  ]) as { focus?: () => void } | undefined;
                  field?.focus?.();
                });
              }}
              data-testid={`tariff-season-${index}-add-period`}
            >
              {t('tariffs.period.add', { season: seasonTitle })}
            </Button>
          </div>
        )}
      </Form.List>
      <h3 className="tariff-subtitle">{t('tariffs.bar.title')}</h3>
      <BandBar season={drawable(season)} testId={`tariff-season-${index}-bar`} />
    </fieldset>
  );
}
