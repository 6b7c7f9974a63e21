import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  codeCatalogue,
  documentPath,
  type ProtocolCatalogue,
  protocolTables,
  sectionIn,
  sectionNames,
  staleSections,
  withTables,
} from '../scripts/protocol-tables.ts';
import { DEBUG_MINUTES, diagnosticKinds } from '../src/api/calls/control.ts';
import {
  deviceParameters,
  groupsOf,
  type NumberParameter,
  reportIntervalsS,
  type SettingValues,
  settingGroups,
  settingParameterOf,
} from '../src/control/device-settings.ts';
import { gridStandardOf } from '../src/control/grid-standards.ts';
import { settingsIssues } from '../src/control/settings-check.ts';
import {
  commandMessage,
  commandNames,
  DEFAULT_INTERVAL_S,
  type EmsPart,
  mayRaise,
  replyErrors,
  replyMessage,
  selfTestNames,
} from '../src/device-link/index.ts';
import { DeviceType, deviceTypes } from '../src/enums.ts';

/**
 * docs/device-protocol.md against the code beyond its field tables and examples' shapes (those are
 * device-link.test.ts's): the generated tables are the code's catalogues, regenerated here in
 * memory (`npx tsx packages/contracts/scripts/protocol-tables.ts` rewrites them); the document
 * names no file a device maker never sees; its command and reply examples use real parameters,
 * codes and stages.
 */

const doc = readFileSync(documentPath, 'utf8');
/** The document's words with every run of white space as one space (its prose is wrapped). */
const text = doc.replace(/\s+/g, ' ');

describe('the generated tables of docs/device-protocol.md', () => {
  const tables = protocolTables();

  for (const name of sectionNames) {
    it(`holds the "${name}" tables as the code's catalogues make them (else run npx tsx packages/contracts/scripts/protocol-tables.ts)`, () => {
      expect(sectionIn(doc, name)).toBe(tables[name]);
    });
  }

  it('is left as it is when regenerated', () => {
    expect(withTables(doc, tables)).toBe(doc);
  });

  /** The catalogues with one change, to see the document's tables go stale. */
  function changed(change: (catalogue: ProtocolCatalogue) => ProtocolCatalogue) {
    return staleSections(doc, protocolTables(change(codeCatalogue)));
  }

  it('go stale when a parameter’s range changes in the code', () => {
    expect(
      changed((catalogue) => ({
        ...catalogue,
        parameters: catalogue.parameters.map((parameter) =>
          parameter.name === 'export_limit_w'
            ? { ...(parameter as NumberParameter), max: 2_000_000 }
            : parameter,
        ),
      })),
    ).toEqual(['parameters']);
    expect(
      changed((catalogue) => ({
        ...catalogue,
        parameters: catalogue.parameters.map((parameter) =>
          parameter.name === 'charge_stop_soc_pct'
            ? { ...(parameter as NumberParameter), min: 20 }
            : parameter,
        ),
      })),
    ).toEqual(['parameters']);
  });

  it('go stale when a parameter, a group’s device types, a standard’s figure or a fault changes', () => {
    expect(
      changed((catalogue) => ({
        ...catalogue,
        parameters: catalogue.parameters.filter((parameter) => parameter.name !== 'net_dns'),
      })),
    ).toEqual(['parameters']);
    expect(
      changed((catalogue) => ({
        ...catalogue,
        groupDeviceTypes: { ...catalogue.groupDeviceTypes, battery: [DeviceType.inverter] },
      })),
    ).toEqual(['parameters']);
    expect(
      changed((catalogue) => ({
        ...catalogue,
        standards: catalogue.standards.map((standard) =>
          standard.code === 'G99'
            ? {
                ...standard,
                settings: { ...standard.settings, ov2_s: { ...standard.settings.ov2_s, default: 0.4 } },
              }
            : standard,
        ),
      })),
    ).toEqual(['standards']);
    expect(
      changed((catalogue) => ({
        ...catalogue,
        faults: catalogue.faults.map((fault) =>
          fault.code === 302 ? { ...fault, clearsItself: !fault.clearsItself } : fault,
        ),
      })),
    ).toEqual(['faults']);
  });

  it('tick, for each device type, exactly the groups groupsOf gives it', () => {
    const rows = sectionIn(doc, 'parameters')
      .split('\n')
      .filter((line) => /^\| \d /.test(line));
    expect(rows.map((row) => Number(row.slice(2).split(' ')[0]))).toEqual(deviceTypes);
    for (const row of rows) {
      const cells = row.split('|').slice(2, -1);
      const type = Number(row.slice(2).split(' ')[0]) as DeviceType;
      expect(
        settingGroups.filter((_, i) => cells[i]!.trim() === '✓'),
        `device type ${type}`,
      ).toEqual(groupsOf(type));
    }
  });
});

describe('docs/device-protocol.md stands on its own', () => {
  it('names no file, script or constant of the portal’s code', () => {
    const found = [
      ...doc.matchAll(
        /SPEC\.md|PRODUCT\.md|README|\b[\w./-]+\.(?:ts|tsx|mjs|js|sql)\b|\b(?:packages|apps)\/|npm run|\b[A-Z][A-Z0-9]*_(?:MS|BYTES|S)\b|\bMQTT_[A-Z_]+/g,
      ),
    ].map((match) => match[0]);
    expect(found).toEqual([]);
  });

  it('has no generated section left empty', () => {
    for (const name of sectionNames) expect(sectionIn(doc, name).length, name).toBeGreaterThan(100);
  });
});

// ---------------------------------------------------------------- examples against the catalogues

const examples = [...doc.matchAll(/<!-- example: (\w+)(?: (\d+))? -->\n```json\n([\s\S]*?)\n```/g)].map(
  (match) => ({
    kind: match[1]!,
    type: Number(match[2] ?? DeviceType.inverter) as DeviceType,
    json: JSON.parse(match[3]!) as Record<string, unknown>,
  }),
);
const commands = examples.filter((example) => example.kind === 'command');
const replies = examples.filter((example) => example.kind === 'reply');

/** The rows of the markdown table whose header line is `header` (it must occur once). */
function tableRows(header: string): string[][] {
  const at = doc.indexOf(header);
  if (at < 0 || doc.lastIndexOf(header) !== at) throw new Error(`"${header}" is not in the document once`);
  const rows: string[][] = [];
  for (const line of doc.slice(at).split('\n')) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2);
}
const firstCode = (cell: string) => /`([^`]+)`/.exec(cell)?.[1];

describe('the command and reply examples of docs/device-protocol.md', () => {
  it('show every command, and a final reply for each command that answers values or a report', () => {
    expect(new Set(commands.map((c) => c.json.name))).toEqual(new Set(commandNames));
    const nameOf = new Map(commands.map((c) => [c.json.id as string, c.json.name as string]));
    const finals = replies.filter((r) => r.json.state === 'succeeded');
    for (const name of ['read', 'settings', 'network', 'sync_clock', 'restore_defaults']) {
      expect(
        finals.some((r) => nameOf.get(r.json.id as string) === name && r.json.values !== undefined),
        name,
      ).toBe(true);
    }
    expect(finals.some((r) => nameOf.get(r.json.id as string) === 'self_test' && r.json.report)).toBe(true);
    for (const reply of replies) {
      if (reply.json.values !== undefined || reply.json.report !== undefined)
        expect(nameOf.has(reply.json.id as string), JSON.stringify(reply.json)).toBe(true);
    }
  });

  it('show every error of a failed reply', () => {
    const shown = new Set(replies.map((r) => r.json.error).filter(Boolean));
    expect([...replyErrors].filter((error) => !shown.has(error))).toEqual([]);
  });

  it('change only parameters the device type has, with values its checks take', () => {
    for (const { type, json } of commands) {
      const message = commandMessage.parse(json);
      if (message.name !== 'settings') continue;
      expect(settingsIssues(message.params, { deviceType: type, ratedPowerW: null, current: {} })).toEqual(
        [],
      );
    }
  });

  it('answer values that are the device type’s parameters, consistent by its checks', () => {
    for (const { type, json } of replies) {
      const { values } = replyMessage.parse(json);
      if (!values) continue;
      const known = new Set(deviceParameters(type).map((parameter) => parameter.name));
      expect(
        Object.keys(values).filter((name) => !known.has(name)),
        `reply for device type ${type}`,
      ).toEqual([]);
      const writable = Object.fromEntries(
        Object.entries(values).filter(([name]) => settingParameterOf(name)?.access === 'rw'),
      );
      expect(settingsIssues(writable, { deviceType: type, ratedPowerW: null, current: {} })).toEqual([]);
    }
  });

  it('answer a read with every parameter of the device type', () => {
    const readIds = new Set(commands.filter((c) => c.json.name === 'read').map((c) => c.json.id));
    const answers = replies.filter((r) => readIds.has(r.json.id) && r.json.values);
    expect(answers.length).toBeGreaterThan(0);
    for (const { type, json } of answers) {
      expect(Object.keys(json.values as SettingValues).sort()).toEqual(
        deviceParameters(type)
          .map((parameter) => parameter.name)
          .sort(),
      );
    }
  });

  it('report every stage of a self-test in order, against the limits the device answered', () => {
    const readValues = replies.find((r) => r.json.values && (r.json.values as SettingValues).grid_standard)!
      .json.values as SettingValues;
    const standard = gridStandardOf(String(readValues.grid_standard))!;
    const reports = replies.map((r) => replyMessage.parse(r.json).report).filter((report) => report);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    for (const report of reports) {
      expect(report!.map((row) => row.test)).toEqual([...selfTestNames]);
      for (const row of report!) {
        const voltage = row.test[1] === 'v';
        const threshold =
          standard.settings[`${row.test}_${voltage ? 'v' : 'hz'}` as keyof typeof standard.settings];
        const time = standard.settings[`${row.test}_s` as keyof typeof standard.settings];
        expect([row.limit, row.limit_s], row.test).toEqual([threshold.default, time.default]);
        const tolerance = voltage ? row.limit * 0.01 : 0.05;
        expect(row.pass, row.test).toBe(
          Math.abs(row.measured - row.limit) <= tolerance && row.trip_s <= row.limit_s,
        );
      }
    }
  });

  it('raise only codes the device type (and the EMS part) may raise', () => {
    for (const { kind, type, json } of examples) {
      if (kind === 'alarm')
        expect(mayRaise(type, json.code as number, json.part as EmsPart), JSON.stringify(json)).toBe(true);
      if (kind === 'status')
        for (const alarm of (json.active_alarms ?? []) as { code: number; part?: EmsPart }[])
          expect(mayRaise(type, alarm.code, alarm.part), JSON.stringify(json)).toBe(true);
    }
  });
});

describe('the rules docs/device-protocol.md states', () => {
  it('lists the reply errors of the code', () => {
    expect(
      tableRows('| `error` | when | what the device changed |').map((row) => firstCode(row[0]!)),
    ).toEqual([...replyErrors]);
  });

  it('lists the device diagnostics of the portal', () => {
    const listed = tableRows('| shown as | what was refused | detail |').map((row) => firstCode(row[0]!));
    expect([...listed].sort()).toEqual([...diagnosticKinds].sort());
  });

  it('lists every command once in its overview', () => {
    const listed = tableRows(
      '| `name` | what the device does | `params` | the final reply carries | section |',
    ).map((row) => firstCode(row[0]!));
    expect([...listed].sort()).toEqual([...commandNames].sort());
  });

  it('recommends the default interval and names the reporting choices', () => {
    expect(text).toContain(`The recommended interval is ${DEFAULT_INTERVAL_S} s`);
    expect(text).toContain(
      `${reportIntervalsS
        .slice(0, -1)
        .map((s) => `\`"${s}"\``)
        .join(', ')} or \`"${reportIntervalsS.at(-1)}"\``,
    );
  });

  it('gives the debug session’s range as the portal sends it', () => {
    expect(text).toContain(
      `from ${DEBUG_MINUTES.min * 60} to ${(DEBUG_MINUTES.max * 60).toLocaleString('en').replace(',', ' ')} (${DEBUG_MINUTES.min} to ${DEBUG_MINUTES.max} minutes, ${DEBUG_MINUTES.default} by`,
    );
  });

  it('orders the self-test rows as the code names the stages', () => {
    expect(text).toContain(selfTestNames.map((name) => `\`${name}\``).join(', '));
  });
});
