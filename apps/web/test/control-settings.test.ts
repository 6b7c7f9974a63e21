import {
  control,
  gridStandardOf,
  protectionSettingNames,
  settingGroups,
  settingParameters,
  upgradeStatuses,
} from '@helio/contracts';
import { commandNames, replyErrors, selfTestNames } from '@helio/contracts/device-link';
import { describe, expect, it } from 'vitest';
import { commandFinished, stepOf } from '../src/features/devices/lib/control-commands.ts';
import {
  changedSettings,
  followReading,
  formValuesOf,
  rangeOf,
  settingOfIssuePath,
  typedTime,
} from '../src/features/devices/lib/control-settings.ts';
import english from '../src/locales/control/en.json' with { type: 'json' };

/** The Settings tab's pure parts: the change set a form holds, following a reading, ranges, typed times, texts. */

const current = { export_limit_enabled: true, export_limit_w: 3000, time_zone: 'Europe/Rome' };

describe('a group form’s change set', () => {
  it('holds only the writable values that differ from the reading, texts trimmed', () => {
    const form = { ...formValuesOf('export', current), export_limit_w: 2500 };
    expect(changedSettings('export', form, current)).toEqual({ export_limit_w: 2500 });
    expect(changedSettings('export', formValuesOf('export', current), current)).toEqual({});
    // A value only reported (the device's zone) never goes into a change.
    expect(changedSettings('system', { time_zone: 'UTC', report_interval_s: ' 600 ' }, current)).toEqual({
      report_interval_s: '600',
    });
  });

  it('keeps an emptied number as null, for the check to refuse', () => {
    expect(changedSettings('export', { export_limit_w: null }, current)).toEqual({ export_limit_w: null });
  });

  it('follows a new reading where the user changed nothing, and keeps what was typed', () => {
    const form = { export_limit_enabled: true, export_limit_w: 2500 };
    const after = { export_limit_enabled: false, export_limit_w: 4000 };
    expect(followReading('export', form, current, after)).toEqual({ export_limit_enabled: false });
  });
});

describe('the form’s details', () => {
  it('names the setting of a server issue, under `changes.` or not', () => {
    expect(settingOfIssuePath('changes.ov1_v')).toBe('ov1_v');
    expect(settingOfIssuePath('ov1_v')).toBe('ov1_v');
  });

  it('gives a protection field its standard’s range and a power at most the rating', () => {
    const ov2 = settingParameters.find((parameter) => parameter.name === 'ov2_v');
    const exportLimit = settingParameters.find((parameter) => parameter.name === 'export_limit_w');
    if (ov2?.kind !== 'number' || exportLimit?.kind !== 'number') throw new Error('catalogue changed');
    const cei = gridStandardOf('CEI_0_21');
    expect(rangeOf(ov2, cei, null)).toEqual({ min: 264.5, max: 276 });
    expect(rangeOf(exportLimit, undefined, 5000)).toEqual({ min: 0, max: 5000 });
  });

  it('writes a typed time as HH:mm', () => {
    expect(typedTime('0830')).toBe('08:30');
    expect(typedTime('08')).toBe('08');
    expect(typedTime('8:30')).toBe('08:30');
    expect(typedTime('12:345')).toBe('12:34');
  });

  it('says where a command is and when it has ended', () => {
    expect(stepOf({ state: 'acknowledged', sent_at: 'x' })).toBe(2);
    expect(stepOf({ state: 'expired', sent_at: null })).toBe(0);
    expect(commandFinished('expired')).toBe(true);
    expect(commandFinished('progress')).toBe(false);
  });
});

type Texts = { [key: string]: string | Texts };
const texts = (english as { control: Texts }).control;
function has(path: string): boolean {
  let node: string | Texts | undefined = texts;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string';
}

describe('the Settings and Log tabs’ texts', () => {
  it('name every parameter of the catalogue (slots are named by their place), group and choice', () => {
    const missing = [
      ...settingParameters
        .filter((parameter) => !/^(dis)?charge_\d_(start|end)$/.test(parameter.name))
        .map((parameter) => `parameter.${parameter.name}`),
      ...settingGroups.flatMap((group) => [`group.${group}.title`, `group.${group}.description`]),
      ...settingParameters.flatMap((parameter) =>
        parameter.kind === 'choice' && ['reactive_mode', 'pf_excitation', 'net_link'].includes(parameter.name)
          ? parameter.options.map((option) => `choice.${parameter.name}.${option}`)
          : [],
      ),
    ].filter((path) => !has(path));
    expect(missing).toEqual([]);
    expect(protectionSettingNames.every((name) => has(`parameter.${name}`))).toBe(true);
  });

  it('name every command, state, failure, self-test, upgrade status and refusal kind', () => {
    const missing = [
      ...commandNames.map((name) => `command.name.${name}`),
      ...control.commandStates.flatMap((state) => [`command.stateName.${state}`, `command.state.${state}`]),
      ...replyErrors.map((error) => `command.error.${error}`),
      ...selfTestNames.map((test) => `report.tests.${test}`),
      ...upgradeStatuses.map((status) => `upgrades.statusName.${status}`),
      ...control.diagnosticKinds.map((kind) => `diagnostics.kind.${kind}`),
    ].filter((path) => !has(path));
    expect(missing).toEqual([]);
  });
});
