/**
 * The generated tables of docs/device-protocol.md: the parameters per device type and group, the
 * grid standards with their protection defaults and ranges, the fault catalogue per device type and
 * the sources of the station figures, each between `<!-- generated:NAME:start -->` and
 * `<!-- generated:NAME:end -->`. The document's other text is written by hand; these tables come
 * from the contracts' catalogues only, so the document cannot drift from the code: a contracts test
 * (test/device-protocol-tables.test.ts) regenerates them in memory and fails on any difference.
 *
 *   npx tsx packages/contracts/scripts/protocol-tables.ts           rewrites the marked sections
 *   npx tsx packages/contracts/scripts/protocol-tables.ts --check   exits 1 when a section is stale
 *   npx tsx packages/contracts/scripts/protocol-tables.ts --print   prints the sections
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  groupDeviceTypes,
  type SettingGroup,
  type SettingParameter,
  settingGroups,
  settingParameters,
} from '../src/control/device-settings.ts';
import {
  type GridStandard,
  gridStandards,
  type ProtectionSettingName,
  protectionSettingNames,
  protectionUnits,
} from '../src/control/grid-standards.ts';
import { type FaultDefinition, faultCatalogue } from '../src/device-link/faults.ts';
import { powerSourcesOf, type StationPowers } from '../src/energy.ts';
import { DeviceType, deviceTypes } from '../src/enums.ts';
import { snPrefixes } from '../src/fleet-rules.ts';

/** Everything the tables are made of: the code's catalogues, or (in a test) a changed copy. */
export interface ProtocolCatalogue {
  parameters: readonly SettingParameter[];
  groupDeviceTypes: Readonly<Record<SettingGroup, readonly DeviceType[]>>;
  standards: readonly GridStandard[];
  faults: readonly FaultDefinition[];
}

export const codeCatalogue: ProtocolCatalogue = {
  parameters: settingParameters,
  groupDeviceTypes,
  standards: gridStandards,
  faults: faultCatalogue,
};

export const sectionNames = ['parameters', 'standards', 'faults', 'station-powers'] as const;
export type SectionName = (typeof sectionNames)[number];

export const startMarker = (name: SectionName) => `<!-- generated:${name}:start -->`;
export const endMarker = (name: SectionName) => `<!-- generated:${name}:end -->`;

/** Device types as the document names them. */
const typeNames: Record<DeviceType, string> = {
  [DeviceType.inverter]: 'inverter',
  [DeviceType.battery]: 'battery',
  [DeviceType.offGrid]: 'off-grid inverter',
  [DeviceType.chargingPile]: 'wallbox',
  [DeviceType.meter]: 'meter',
  [DeviceType.commercialHybrid]: 'commercial hybrid',
  [DeviceType.energyManagementBox]: 'EMS 5000',
  [DeviceType.dataLogger]: 'data logger',
};
const typeLabel = (type: DeviceType) => `${type} ${typeNames[type]} (\`${snPrefixes[type]}\`)`;

/** What each group holds, in the document's words. */
const groupTexts: Record<SettingGroup, string> = {
  grid: 'the grid standard and the interface protection it sets (section 8.6)',
  export: 'the limit of the power exported to the grid',
  power: 'active and reactive power control',
  battery:
    'three timed charge and three timed discharge slots, stop SOC and voltage, charge and discharge powers',
  offgrid: 'the backup output and the generator',
  system: 'reporting interval, time zone and clock',
  network:
    'the device’s own network link: reported here, changed only by the `network` command (section 8.4.3)',
  pcs: 'the EMS 5000’s power conversion system: on or off, charge and discharge limits, ramp, reactive power',
  pvs: 'the EMS 5000’s PV system: on or off, power limit, MPPT scan, start voltage',
  bms: 'the EMS 5000’s battery management: stop SOCs, current limits, cell balancing',
  sts: 'the EMS 5000’s static transfer switch: automatic or manual transfer, islanding, reconnection',
  generator:
    'the EMS 5000’s generator controller: automatic start, start and stop SOC, power, warm-up and cool-down',
  meter: 'the EMS 5000’s grid meter: current transformer ratio and demand window',
};

/** The station figures, in the document's words. */
const powerTexts: Record<keyof StationPowers, string> = {
  pv_w: 'PV power',
  battery_w: 'battery power (+ charging, − discharging)',
  soc_pct: 'state of charge (the mean over the devices)',
  grid_w: 'grid power (+ import, − export)',
  load_w: 'load power',
  ev_w: 'charging power of the wallboxes',
  generator_w: 'generator power',
};

/** A number as the document writes it: plain, or `1e9` for large round figures. */
function figure(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) >= 1e7 && /^-?10*$/.test(String(value)))
    return `${value < 0 ? '-' : ''}1e${String(Math.abs(value)).length - 1}`;
  return String(value);
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

const quoted = (options: readonly string[]) => options.map((option) => `\`"${option}"\``).join(', ');

function parameterRow(parameter: SettingParameter): string[] {
  const access = parameter.access === 'rw' ? 'read, write' : 'read only';
  const name = `\`${parameter.name}\``;
  switch (parameter.kind) {
    case 'number': {
      let range = `${figure(parameter.min)} to ${figure(parameter.max)}`;
      if ((protectionSettingNames as readonly string[]).includes(parameter.name))
        range += ', and within the chosen standard’s range (8.6)';
      if (parameter.rated) range += ', and at most the device’s rated power';
      return [name, 'number', parameter.unit || '—', range, String(parameter.decimals), access];
    }
    case 'choice':
      return [name, 'string, one of', '—', quoted(parameter.options), '—', access];
    case 'time':
      return [name, 'string `HH:mm`', '—', '`"00:00"` to `"23:59"`', '—', access];
    case 'switch':
      return [name, 'boolean', '—', '`true`, `false`', '—', access];
    case 'text':
      return [name, 'string', '—', `at most ${parameter.maxLength} characters`, '—', access];
  }
}

function parametersSection(catalogue: ProtocolCatalogue): string {
  const groupsOfType = (type: DeviceType) =>
    settingGroups.filter((group) => catalogue.groupDeviceTypes[group].includes(type));
  const parts: string[] = [
    table(
      ['device type', ...settingGroups.map((group) => `\`${group}\``)],
      deviceTypes.map((type) => [
        typeLabel(type),
        ...settingGroups.map((group) => (groupsOfType(type).includes(group) ? '✓' : '—')),
      ]),
    ),
  ];
  for (const group of settingGroups) {
    const types = catalogue.groupDeviceTypes[group];
    const parameters = catalogue.parameters.filter((parameter) => parameter.group === group);
    parts.push(
      `**\`${group}\`**: ${groupTexts[group]}. Device types ${types.join(', ')}.`,
      table(
        ['parameter', 'type', 'unit', 'range or values', 'decimals', 'access'],
        parameters.map(parameterRow),
      ),
    );
  }
  return parts.join('\n\n');
}

function standardsSection(catalogue: ProtocolCatalogue): string {
  const parts: string[] = [
    table(
      ['code', 'name', 'countries', 'nominal voltage', 'nominal frequency', 'self-test', 'edition'],
      catalogue.standards.map((standard) => [
        `\`${standard.code}\``,
        standard.name,
        standard.countries.join(', '),
        `${standard.nominalVoltageV} V`,
        `${standard.nominalFrequencyHz} Hz`,
        standard.selfTest ? 'required' : '—',
        standard.edition,
      ]),
    ),
  ];
  for (const standard of catalogue.standards) {
    parts.push(
      `**\`${standard.code}\`** (${standard.name})`,
      table(
        ['setting', 'unit', 'default', 'min', 'max'],
        protectionSettingNames.map((name: ProtectionSettingName) => {
          const bound = standard.settings[name];
          return [
            `\`${name}\``,
            protectionUnits[name],
            figure(bound.default),
            figure(bound.min),
            figure(bound.max),
          ];
        }),
      ),
    );
  }
  return parts.join('\n\n');
}

function faultsSection(catalogue: ProtocolCatalogue): string {
  const parts: string[] = [];
  for (const type of deviceTypes) {
    const faults = catalogue.faults.filter((fault) => fault.deviceTypes.includes(type));
    const ems = type === DeviceType.energyManagementBox;
    parts.push(`**${typeLabel(type)}**`);
    if (faults.length === 0) {
      parts.push('No fault codes.');
      continue;
    }
    parts.push(
      table(
        ['code', 'name', 'severity', 'clearing', ...(ems ? ['parts'] : [])],
        faults.map((fault) => [
          String(fault.code),
          fault.name,
          fault.severity,
          fault.clearsItself ? 'self-clearing' : 'latched',
          ...(ems ? [(fault.parts ?? []).map((part) => `\`${part}\``).join(', ')] : []),
        ]),
      ),
    );
  }
  return parts.join('\n\n');
}

function stationPowersSection(): string {
  const names = Object.keys(powerTexts) as (keyof StationPowers)[];
  return table(
    ['station figure', 'read from, best source first'],
    names.map((name) => [
      powerTexts[name],
      powerSourcesOf(name)
        .map(([type, key]) => `${type} ${typeNames[type]} \`${key}\``)
        .join('; '),
    ]),
  );
}

/** Every generated section's content (without its markers). */
export function protocolTables(catalogue: ProtocolCatalogue = codeCatalogue): Record<SectionName, string> {
  return {
    parameters: parametersSection(catalogue),
    standards: standardsSection(catalogue),
    faults: faultsSection(catalogue),
    'station-powers': stationPowersSection(),
  };
}

/** The content between a section's markers in `doc` (trimmed); throws unless both occur once, in order. */
export function sectionIn(doc: string, name: SectionName): string {
  const start = doc.indexOf(startMarker(name));
  const end = doc.indexOf(endMarker(name));
  if (
    start < 0 ||
    end < start ||
    doc.lastIndexOf(startMarker(name)) !== start ||
    doc.lastIndexOf(endMarker(name)) !== end
  )
    throw new Error(`the document must hold ${startMarker(name)} … ${endMarker(name)} once, in this order`);
  return doc.slice(start + startMarker(name).length, end).trim();
}

/** The sections of `doc` that differ from `tables`. */
export function staleSections(doc: string, tables: Record<SectionName, string>): SectionName[] {
  return sectionNames.filter((name) => sectionIn(doc, name) !== tables[name]);
}

/** `doc` with every marked section replaced by `tables`. */
export function withTables(doc: string, tables: Record<SectionName, string>): string {
  let result = doc;
  for (const name of sectionNames) {
    sectionIn(result, name); // both markers, once
    const start = result.indexOf(startMarker(name)) + startMarker(name).length;
    const end = result.indexOf(endMarker(name));
    result = `${result.slice(0, start)}\n\n${tables[name]}\n\n${result.slice(end)}`;
  }
  return result;
}

export const documentPath = fileURLToPath(new URL('../../../docs/device-protocol.md', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const doc = readFileSync(documentPath, 'utf8');
  const tables = protocolTables();
  if (process.argv.includes('--print')) {
    for (const name of sectionNames)
      process.stdout.write(`${startMarker(name)}\n\n${tables[name]}\n\n${endMarker(name)}\n\n`);
  } else if (process.argv.includes('--check')) {
    const stale = staleSections(doc, tables);
    if (stale.length > 0) {
      process.stderr.write(`stale generated sections: ${stale.join(', ')}; run without --check\n`);
      process.exit(1);
    }
  } else {
    const updated = withTables(doc, tables);
    if (updated !== doc) writeFileSync(documentPath, updated);
    process.stdout.write(updated === doc ? 'tables up to date\n' : `rewrote ${documentPath}\n`);
  }
}
