import { gridStandardOf, gridStandards, settingParameterOf } from '@helio/contracts';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettingsForm } from '../../hooks/use-settings-form.ts';
import { groupParameters, isProtection } from '../../lib/control-settings.ts';
import { SettingField } from './setting-field.tsx';

/** Countries named in a standard's option before the rest is counted. */
const COUNTRIES_SHOWN = 3;

/** The standards a device may follow, with the countries that use each in the interface language. */
function useStandardOptions() {
  const { t, i18n } = useTranslation();
  const regions = new Intl.DisplayNames([i18n.language], { type: 'region' });
  return gridStandards.map((standard) => {
    const names = standard.countries.map((code) => regions.of(code) ?? code);
    const countries =
      names.length > COUNTRIES_SHOWN
        ? t('control.grid.countriesMore', {
            countries: names.slice(0, COUNTRIES_SHOWN).join(', '),
            count: names.length - COUNTRIES_SHOWN,
          })
        : names.join(', ');
    return {
      value: standard.code,
      label: (
        <span className="control-standard-option">
          <span>{standard.name}</span>
          <span className="control-standard-countries">{countries}</span>
        </span>
      ),
      title: `${standard.name}: ${names.join(', ')}`,
    };
  });
}

/**
 * The grid group: the standard the device follows and its interface protection, each field with
 * the range that standard allows. Choosing another standard fills in its defaults (the card does).
 */
export function GridFields({
  settings,
  ratedPowerW,
}: {
  settings: SettingsForm;
  ratedPowerW: number | null;
}) {
  const { t } = useTranslation();
  const options = useStandardOptions();
  const standardParameter = settingParameterOf('grid_standard');
  const protection = groupParameters('grid').filter((parameter) => isProtection(parameter.name));
  return (
    <>
      {standardParameter && (
        <Form.Item
          name="grid_standard"
          label={t('control.parameter.grid_standard')}
          rules={[settings.rule('grid_standard')]}
          extra={t('control.grid.standardHelp')}
          className="control-field control-field-standard"
        >
          <Select
            options={options}
            labelRender={({ value }) => gridStandardOf(String(value))?.name ?? value}
            popupMatchSelectWidth={false}
            data-testid="control-field-grid_standard"
          />
        </Form.Item>
      )}
      <fieldset className="control-fieldset">
        <legend>
          {settings.standard
            ? t('control.grid.protectionOf', { standard: settings.standard.name })
            : t('control.grid.protection')}
        </legend>
        <div className="control-fields">
          {protection.map((parameter) => (
            <SettingField
              key={parameter.name}
              parameter={parameter}
              rule={settings.rule(parameter.name)}
              standard={settings.standard}
              ratedPowerW={ratedPowerW}
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}
