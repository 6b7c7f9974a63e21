import { settingParameterOf, slotKinds } from '@helio/contracts';
import { useTranslation } from 'react-i18next';
import type { SettingsForm } from '../../hooks/use-settings-form.ts';
import { groupParameters, isSlotField, slotsOf } from '../../lib/control-settings.ts';
import { SettingField } from './setting-field.tsx';
import { SlotBar } from './slot-bar.tsx';

/**
 * The battery group: three charge and three discharge slots as from–until times (HH:mm, typed),
 * drawn on a 24-hour bar as they are typed, then stop SOC, stop voltage and the powers.
 */
export function BatteryFields({
  settings,
  ratedPowerW,
}: {
  settings: SettingsForm;
  ratedPowerW: number | null;
}) {
  const { t } = useTranslation();
  const others = groupParameters('battery').filter((parameter) => !isSlotField(parameter.name));
  const field = (name: string, label: string) => {
    const parameter = settingParameterOf(name);
    return parameter ? (
      <SettingField
        parameter={parameter}
        rule={settings.rule(name)}
        ratedPowerW={ratedPowerW}
        label={label}
      />
    ) : null;
  };
  return (
    <>
      <fieldset className="control-fieldset">
        <legend>{t('control.battery.slots')}</legend>
        <p className="control-help">{t('control.battery.slotsHelp')}</p>
        <div className="control-slot-kinds">
          {slotKinds.map((kind) => (
            <fieldset key={kind} className="control-fieldset control-slot-kind">
              <legend className="control-slot-kind-title">{t(`control.battery.kind.${kind}`)}</legend>
              {slotsOf(kind).map((slot) => (
                <div key={slot.index} className="control-slot">
                  {field(
                    slot.start,
                    t('control.battery.slotStart', {
                      kind: t(`control.battery.kind.${kind}`),
                      index: slot.index,
                    }),
                  )}
                  {field(
                    slot.end,
                    t('control.battery.slotEnd', {
                      kind: t(`control.battery.kind.${kind}`),
                      index: slot.index,
                    }),
                  )}
                </div>
              ))}
            </fieldset>
          ))}
        </div>
        <SlotBar values={settings.values} />
      </fieldset>
      <div className="control-fields">
        {others.map((parameter) => (
          <SettingField
            key={parameter.name}
            parameter={parameter}
            rule={settings.rule(parameter.name)}
            ratedPowerW={ratedPowerW}
          />
        ))}
      </div>
    </>
  );
}
