/**
 * The data set of `npm run bench:api` (api.ts), built with set-based SQL straight into PostgreSQL:
 * accounts, stations, devices, their newest readings and alarms, and a year of five-minute history
 * for the devices of some stations. Nothing here goes through the API.
 *
 * The history follows one physical model per station, evaluated in SQL for every five-minute step
 * (`bench_steps`): PV power a sine over the daylight of the station's latitude and date with daily
 * clouds, a household load with morning and evening peaks, wallbox sessions in the evening, a
 * battery that stores part of the midday surplus and gives it back to the night's load, and the
 * grid as the balance. Energy counters are the running sums of those powers over the steps (each
 * step adds power × 5 minutes), so they only rise and agree with the powers; the state of charge
 * follows the stored energy and stays within 10–95 %. The model is laid out per solar cycle (one
 * sunrise to the next): `bench_cycle` holds each cycle's clouds, battery shares and the counters
 * at its start, so any month can be generated on its own, and in parallel, with the same values.
 */
import {
  DeviceType,
  MAX_DEVICES_PER_STATION,
  RoleId,
  StationType,
  snPrefixes,
  stationDeviceTypes,
} from '@helio/contracts';
import { faultCatalogue, headlineFigures } from '@helio/contracts/device-link';
import type pg from 'pg';
import { counterKeysOf } from '../src/domains/energy/rebuild-store.ts';

export interface FleetSize {
  stations: number;
  devices: number;
  /** Stations whose four devices get the history. */
  historyStations: number;
  historyDays: number;
  endUsers: number;
}

export const BENCH_INSTALLER = { userName: 'bench_installer', password: 'bench-pass-2026' };

interface Zone {
  timezone: string;
  country: string;
  province: string;
  city: string;
  latitude: number;
  longitude: number;
  currency: string;
  /** Range of the price of a kWh in the currency. */
  price: [number, number];
}

const zones: Zone[] = [
  {
    timezone: 'Europe/Warsaw',
    country: 'PL',
    province: 'PL-14',
    city: 'Warszawa',
    latitude: 52.23,
    longitude: 21.01,
    currency: 'PLN',
    price: [0.75, 1.15],
  },
  {
    timezone: 'Europe/Berlin',
    country: 'DE',
    province: 'DE-BE',
    city: 'Berlin',
    latitude: 52.52,
    longitude: 13.4,
    currency: 'EUR',
    price: [0.28, 0.42],
  },
  {
    timezone: 'America/Sao_Paulo',
    country: 'BR',
    province: 'BR-SP',
    city: 'São Paulo',
    latitude: -23.55,
    longitude: -46.63,
    currency: 'BRL',
    price: [0.65, 0.98],
  },
  {
    timezone: 'Asia/Shanghai',
    country: 'CN',
    province: 'CN-SH',
    city: 'Shanghai',
    latitude: 31.23,
    longitude: 121.47,
    currency: 'CNY',
    price: [0.45, 0.78],
  },
];

const typeNames: Record<StationType, string> = {
  1: 'PV',
  4: 'ESS',
  5: 'Off-grid',
  6: 'ESS+EV',
  8: 'Wallbox',
  9: 'C&I ESS',
};

/** A seeded generator: the same plan on every build. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface StationPlan {
  stationId: number;
  index: number;
  type: StationType;
  zone: Zone;
  history: boolean;
  endUserId: number | null;
  name: string;
  latitude: number;
  longitude: number;
  capacityKwp: number;
  unitPrice: number;
  createdDaysAgo: number;
  deviceTypes: DeviceType[];
  /** Device ids in the order of `deviceTypes`. */
  deviceIds: number[];
}

export interface FleetPlan {
  installerId: number;
  endUserIds: number[];
  stations: StationPlan[];
  history: StationPlan[];
  deviceCount: number;
}

const FIRST_ID = 1000;

/** Device types of a station that is not a history station: meter and logger first where allowed. */
function deviceTypesOf(type: StationType, count: number): DeviceType[] {
  const allowed = stationDeviceTypes[type];
  const list: DeviceType[] = [];
  if (allowed.includes(DeviceType.meter)) list.push(DeviceType.meter);
  if (allowed.includes(DeviceType.dataLogger)) list.push(DeviceType.dataLogger);
  const others = allowed.filter((t) => t !== DeviceType.meter && t !== DeviceType.dataLogger);
  for (let k = 0; list.length < count; k += 1) list.push(others[k % others.length]!);
  return list.slice(0, count);
}

/** Which stations exist, of what type, where, owned by whom, with which devices. */
export function planFleet(size: FleetSize): FleetPlan {
  const next = random(20_261_121);
  const installerId = FIRST_ID;
  const endUserIds = Array.from({ length: size.endUsers }, (_, index) => FIRST_ID + 1 + index);
  const step = Math.max(1, Math.floor(size.stations / size.historyStations));
  const weights: [StationType, number][] = [
    [StationType.onGrid, 0.3],
    [StationType.residentialEss, 0.3],
    [StationType.offGrid, 0.05],
    [StationType.residentialEssWallbox, 0.15],
    [StationType.wallbox, 0.1],
    [StationType.commercialEss, 0.1],
  ];
  const stations: StationPlan[] = [];
  let historyCount = 0;
  for (let index = 0; index < size.stations; index += 1) {
    const history = index % step === 0 && historyCount < size.historyStations;
    let type: StationType;
    if (history) {
      type = historyCount % 2 === 0 ? StationType.residentialEssWallbox : StationType.residentialEss;
      historyCount += 1;
    } else {
      let pick = next();
      type = weights[weights.length - 1]![0];
      for (const [candidate, weight] of weights) {
        if (pick < weight) {
          type = candidate;
          break;
        }
        pick -= weight;
      }
    }
    const zone = zones[(index * 7 + Math.floor(index / step)) % zones.length]!;
    const capacityKwp =
      type === StationType.commercialEss
        ? Math.round((50 + next() * 450) * 10) / 10
        : type === StationType.wallbox
          ? 22
          : type === StationType.offGrid
            ? Math.round((2 + next() * 6) * 10) / 10
            : Math.round((3 + next() * 12) * 100) / 100;
    const [low, high] = zone.price;
    const owned = index % 97 === 5 || (history && historyCount % 10 === 1);
    stations.push({
      stationId: FIRST_ID + index,
      index,
      type,
      zone,
      history,
      endUserId: owned && endUserIds.length > 0 ? endUserIds[index % endUserIds.length]! : null,
      name: `${zone.city} ${typeNames[type]} ${String(index + 1).padStart(5, '0')}`,
      latitude: Math.round((zone.latitude + (next() - 0.5) * 2) * 1e5) / 1e5,
      longitude: Math.round((zone.longitude + (next() - 0.5) * 2) * 1e5) / 1e5,
      capacityKwp,
      unitPrice: Math.round((low + next() * (high - low)) * 10_000) / 10_000,
      // the newest station is the last one; three years of commissioning
      createdDaysAgo: ((size.stations - index) / size.stations) * 3 * 365 + next() * 0.5,
      deviceTypes: [],
      deviceIds: [],
    });
  }
  // devices: four per history station, one per wallbox station, the rest shared evenly
  const history = stations.filter((station) => station.history);
  const wallboxes = stations.filter((station) => !station.history && station.type === StationType.wallbox);
  const rest = stations.filter((station) => !station.history && station.type !== StationType.wallbox);
  const remaining = size.devices - history.length * 4 - wallboxes.length;
  const base = Math.floor(remaining / Math.max(1, rest.length));
  const extra = remaining - base * rest.length;
  if (remaining < 0 || base + 1 > MAX_DEVICES_PER_STATION)
    throw new Error(`cannot place ${size.devices} devices on ${size.stations} stations`);
  for (const station of history) {
    station.deviceTypes = [
      DeviceType.inverter,
      DeviceType.battery,
      DeviceType.meter,
      station.type === StationType.residentialEssWallbox ? DeviceType.chargingPile : DeviceType.dataLogger,
    ];
  }
  for (const station of wallboxes) station.deviceTypes = [DeviceType.chargingPile];
  rest.forEach((station, index) => {
    station.deviceTypes = deviceTypesOf(station.type, base + (index < extra ? 1 : 0));
  });
  let deviceId = FIRST_ID;
  for (const station of stations) station.deviceIds = station.deviceTypes.map(() => deviceId++);
  return { installerId, endUserIds, stations, history, deviceCount: deviceId - FIRST_ID };
}

// ---------------------------------------------------------------------------------------------
// Accounts, stations, devices, newest readings, alarms
// ---------------------------------------------------------------------------------------------

const caseOf = (column: string, entries: [number, string][], otherwise = 'null') =>
  `case ${column} ${entries.map(([key, value]) => `when ${key} then ${value}`).join(' ')} else ${otherwise} end`;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A stable pseudo-random integer 0 … modulo−1 of an SQL integer expression. */
const hash = (expression: string, modulo: number, salt = 0) =>
  `(abs(hashint4((${expression})::int + ${salt})::bigint) % ${modulo})::int`;

/** The status a device is given (and given back before each measurement): mostly online. */
export const deviceStatusSql = (device: string, history: string) =>
  `case when ${history} then 'online' when ${hash(`${device}.device_id`, 100, 17)} < 6 then 'alarm'
        when ${hash(`${device}.device_id`, 100, 17)} < 28 then 'offline' else 'online' end`;

export async function insertAccounts(
  client: pg.ClientBase,
  plan: FleetPlan,
  passwordHash: string,
): Promise<void> {
  const users = [
    {
      user_id: plan.installerId,
      user_name: BENCH_INSTALLER.userName,
      email: 'bench.installer@helio.invalid',
      role_id: RoleId.installer,
      installer_level: 1,
      parent_id: null,
    },
    ...plan.endUserIds.map((userId, index) => ({
      user_id: userId,
      user_name: `bench_user_${String(index + 1).padStart(2, '0')}`,
      email: `bench.user.${index + 1}@helio.invalid`,
      role_id: RoleId.endUser,
      installer_level: null,
      parent_id: plan.installerId,
    })),
  ];
  await client.query(
    `insert into users (user_id, user_name, email, password_hash, role_id, installer_level, parent_id, created_at)
     select u.user_id, u.user_name, u.email, $2, u.role_id, u.installer_level, u.parent_id, now() - interval '3 years'
     from jsonb_to_recordset($1::jsonb)
          as u(user_id int, user_name text, email text, role_id int, installer_level int, parent_id int)`,
    [JSON.stringify(users), passwordHash],
  );
  await client.query(
    `select setval(pg_get_serial_sequence('users', 'user_id'), (select max(user_id) from users))`,
  );
}

export async function insertStations(client: pg.ClientBase, plan: FleetPlan): Promise<void> {
  const rows = plan.stations.map((station) => ({
    station_id: station.stationId,
    station_name: station.name,
    station_type: station.type,
    end_user_id: station.endUserId,
    country_code: station.zone.country,
    province_code: station.zone.province,
    city: station.zone.city,
    address: `${station.zone.city}, bench street ${station.index + 1}`,
    latitude: station.latitude,
    longitude: station.longitude,
    capacity_kwp: station.capacityKwp,
    unit_price: station.unitPrice,
    currency: station.zone.currency,
    timezone: station.zone.timezone,
    created_days_ago: station.createdDaysAgo,
  }));
  await client.query(
    `insert into stations (station_id, station_name, station_type, installer_id, end_user_id, owner_root_id,
        country_code, province_code, city, address, latitude, longitude, capacity_kwp, commissioning_date,
        grid_connection_date, unit_price, currency, timezone, created_at, updated_at)
     select s.station_id, s.station_name, s.station_type, $2, s.end_user_id, $2, s.country_code, s.province_code,
            s.city, s.address, s.latitude, s.longitude, s.capacity_kwp,
            (now() - make_interval(secs => s.created_days_ago * 86400))::date,
            (now() - make_interval(secs => s.created_days_ago * 86400) + interval '9 days')::date,
            s.unit_price, s.currency, s.timezone,
            now() - make_interval(secs => s.created_days_ago * 86400),
            now() - make_interval(secs => s.created_days_ago * 86400 * 0.3)
     from jsonb_to_recordset($1::jsonb) as s(station_id int, station_name text, station_type int, end_user_id int,
          country_code text, province_code text, city text, address text, latitude float8, longitude float8,
          capacity_kwp numeric, unit_price numeric, currency text, timezone text, created_days_ago float8)`,
    [JSON.stringify(rows), plan.installerId],
  );
  await client.query(
    `select setval(pg_get_serial_sequence('stations', 'station_id'), (select max(station_id) from stations))`,
  );
}

const models: Record<DeviceType, string> = {
  1: 'HX-8K-G2',
  2: 'HB-10.2',
  3: 'HO-5K',
  4: 'HW-11',
  6: 'HM-3P',
  7: 'HC-50K',
  8: 'EMS 5000',
  9: 'HL-4G',
};

const ratedPower: Partial<Record<DeviceType, number>> = {
  1: 8000,
  2: 5000,
  3: 5000,
  4: 11_000,
  7: 50_000,
  8: 100_000,
};

export async function insertDevices(client: pg.ClientBase, plan: FleetPlan): Promise<void> {
  const ids: number[] = [];
  const stationIds: number[] = [];
  const types: number[] = [];
  const positions: number[] = [];
  const history: boolean[] = [];
  for (const station of plan.stations) {
    station.deviceIds.forEach((deviceId, position) => {
      ids.push(deviceId);
      stationIds.push(station.stationId);
      types.push(station.deviceTypes[position]!);
      positions.push(position + 1);
      history.push(station.history);
    });
  }
  const typeList = Object.keys(snPrefixes).map(Number) as DeviceType[];
  const prefix = caseOf(
    'u.device_type',
    typeList.map((type) => [type, literal(snPrefixes[type])]),
  );
  const model = caseOf(
    'x.device_type',
    typeList.map((type) => [type, literal(models[type])]),
  );
  const rated = caseOf(
    'x.device_type',
    typeList.filter((type) => ratedPower[type] !== undefined).map((type) => [type, String(ratedPower[type])]),
  );
  await client.query(
    `insert into devices (device_id, station_id, sn, device_type, model, firmware_version, modbus_address,
        rs485_position, rated_power_w, status, last_update_at, last_seen_at, report_interval_s, secret_hash,
        secret_issued_at, created_at, updated_at)
     select x.device_id, x.station_id, x.sn, x.device_type, ${model}, 'V2.' || (x.device_id % 4) || '.' || (x.device_id % 7),
            x.position, x.position, ${rated}, x.status,
            x.seen, x.seen, 300, encode(sha256(convert_to('bench-secret-' || x.sn, 'UTF8')), 'hex'),
            s.created_at, s.created_at + make_interval(mins => x.position), s.created_at + make_interval(mins => x.position)
     from (
       select u.device_id, u.station_id, u.device_type, u.position, u.history,
              ${prefix} || 'B' || lpad((u.device_id - ${FIRST_ID})::text, 10, '0') as sn,
              ${deviceStatusSql('u', 'u.history')} as status,
              case when ${deviceStatusSql('u', 'u.history')} = 'offline'
                   then now() - make_interval(hours => 24 + ${hash('u.device_id', 30 * 24, 5)})
                   else now() - make_interval(secs => ${hash('u.device_id', 240, 9)}) end as seen
       from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::bool[])
            as u(device_id, station_id, device_type, position, history)
     ) x join stations s on s.station_id = x.station_id`,
    [ids, stationIds, types, positions, history],
  );
  await client.query(
    `select setval(pg_get_serial_sequence('devices', 'device_id'), (select max(device_id) from devices))`,
  );
}

/** Newest readings of the devices without history: values shaped as each type's. */
export async function insertLatest(client: pg.ClientBase, historyStationIds: number[]): Promise<void> {
  const h = (salt: number, modulo: number) => hash('d.device_id', modulo, salt);
  const lifetime = (salt: number, scale: number) =>
    `round((${h(salt, 100_000)} / 100000.0 * ${scale})::numeric, 3)`;
  const values = caseOf('d.device_type', [
    [
      DeviceType.inverter,
      `jsonb_build_object('state', 2, 'pv_power_w', ${h(1, 6000)} + 500, 'ac_power_w', ${h(1, 6000)} + 480,
         'grid_voltage_v', 229 + ${h(2, 40)} / 10.0, 'temperature_c', 30 + ${h(3, 200)} / 10.0, 'pv_kwh', ${lifetime(4, 30_000)})`,
    ],
    [
      DeviceType.battery,
      `jsonb_build_object('state', 4, 'power_w', ${h(1, 5000)} - 2500, 'soc_pct', 10 + ${h(2, 90)},
         'soh_pct', 92 + ${h(3, 8)}, 'charge_kwh', ${lifetime(4, 12_000)}, 'discharge_kwh', ${lifetime(5, 11_000)})`,
    ],
    [
      DeviceType.offGrid,
      `jsonb_build_object('state', 3, 'pv_power_w', ${h(1, 4000)}, 'load_power_w', 300 + ${h(2, 1500)},
         'battery_power_w', ${h(3, 3000)} - 1500, 'soc_pct', 10 + ${h(4, 90)}, 'pv_kwh', ${lifetime(5, 15_000)},
         'load_kwh', ${lifetime(6, 14_000)})`,
    ],
    [
      DeviceType.chargingPile,
      `jsonb_build_object('pile_state', case when ${h(1, 5)} = 0 then 'charging' else 'idle' end,
         'power_w', case when ${h(1, 5)} = 0 then 11000 else 0 end, 'ev_kwh', ${lifetime(2, 8_000)})`,
    ],
    [
      DeviceType.meter,
      `jsonb_build_object('grid_power_w', ${h(1, 8000)} - 4000, 'load_power_w', 300 + ${h(2, 2000)},
         'import_kwh', ${lifetime(3, 20_000)}, 'export_kwh', ${lifetime(4, 25_000)})`,
    ],
    [
      DeviceType.commercialHybrid,
      `jsonb_build_object('state', 2, 'pv_power_w', ${h(1, 60_000)}, 'ac_power_w', ${h(1, 60_000)} - 500,
         'battery_power_w', ${h(2, 40_000)} - 20000, 'soc_pct', 10 + ${h(3, 90)}, 'pv_kwh', ${lifetime(4, 400_000)},
         'charge_kwh', ${lifetime(5, 200_000)}, 'discharge_kwh', ${lifetime(6, 190_000)})`,
    ],
    [
      DeviceType.energyManagementBox,
      `jsonb_build_object('load_power_w', 20000 + ${h(1, 60_000)}, 'pcs.state', 2, 'pcs.ac_power_w', ${h(2, 80_000)} - 40000,
         'pcs.charge_kwh', ${lifetime(3, 300_000)}, 'pcs.discharge_kwh', ${lifetime(4, 280_000)},
         'pvs.state', 2, 'pvs.pv_power_w', ${h(5, 90_000)}, 'pvs.pv_kwh', ${lifetime(6, 600_000)},
         'bms.state', 8, 'bms.soc_pct', 10 + ${h(7, 90)}, 'meter.grid_power_w', ${h(8, 60_000)} - 30000,
         'meter.import_kwh', ${lifetime(9, 500_000)}, 'meter.export_kwh', ${lifetime(10, 200_000)},
         'generator.state', 0, 'generator.power_w', 0, 'generator.generator_kwh', ${lifetime(11, 5_000)})`,
    ],
    [
      DeviceType.dataLogger,
      `jsonb_build_object('signal_dbm', -55 - ${h(1, 40)}, 'buffered', 0, 'uptime_s', 3600 + ${h(2, 5_000_000)})`,
    ],
  ]);
  await client.query(
    `insert into device_latest (device_id, ts, seq, values)
     select d.device_id, d.last_update_at, (extract(epoch from d.last_update_at) / 300)::bigint, ${values}
     from devices d where not (d.station_id = any($1::int[]))`,
    [historyStationIds],
  );
}

/** The headline columns of device_latest, from contracts' headline figures and counter keys. */
export async function updateHeadlines(client: pg.ClientBase, where = 'true'): Promise<void> {
  const types = Object.keys(headlineFigures).map(Number) as DeviceType[];
  const number = (key: string) =>
    `case when jsonb_typeof(l.values -> ${literal(key)}) = 'number' then (l.values ->> ${literal(key)})::float8 end`;
  const power = caseOf(
    'd.device_type',
    types
      .filter((type) => headlineFigures[type].power)
      .map((type) => [type, number(headlineFigures[type].power!)]),
  );
  const total = caseOf(
    'd.device_type',
    types
      .filter((type) => headlineFigures[type].counter)
      .map((type) => [type, number(counterKeysOf(type)[headlineFigures[type].counter!]!)]),
  );
  await client.query(
    `update device_latest l set power_w = ${power},
        pv_power_w = coalesce(${number('pv_power_w')}, ${number('pvs.pv_power_w')}), total_kwh = ${total}
     from devices d where d.device_id = l.device_id and ${where}`,
  );
}

/** An open alarm on each device in alarm, and two past ones on one device in ten. */
export async function insertAlarms(client: pg.ClientBase): Promise<void> {
  const byType: [number, { code: number; part: string; severity: string }][] = [];
  for (const type of Object.keys(snPrefixes).map(Number) as DeviceType[]) {
    const fault = faultCatalogue.find((candidate) => candidate.deviceTypes.includes(type));
    if (fault)
      byType.push([type, { code: fault.code, part: fault.parts?.[0] ?? '', severity: fault.severity }]);
  }
  const code = caseOf(
    'd.device_type',
    byType.map(([type, fault]) => [type, String(fault.code)]),
  );
  const part = caseOf(
    'd.device_type',
    byType.map(([type, fault]) => [type, literal(fault.part)]),
    "''",
  );
  const severity = caseOf(
    'd.device_type',
    byType.map(([type, fault]) => [type, literal(fault.severity)]),
    "'fault'",
  );
  await client.query(
    `insert into device_alarms (device_id, code, part, raised_at, cleared_at, created_at, severity, source,
        processing_state)
     select d.device_id, ${code}, ${part}, a.raised, a.cleared, a.raised, ${severity}, 'device',
            case when a.cleared is null then 'unprocessed' else 'processed' end
     from devices d
     cross join lateral (
       select now() - make_interval(mins => 30 + ${hash('d.device_id', 2 * 24 * 60, 3)}) as raised, null::timestamptz as cleared
       where d.status = 'alarm'
       union all
       select now() - make_interval(hours => 24 * (1 + g * 150) + ${hash('d.device_id', 24 * 100, 7)}),
              now() - make_interval(hours => 24 * (1 + g * 150) + ${hash('d.device_id', 24 * 100, 7)})
                    + make_interval(mins => 5 + ${hash('d.device_id', 600, 11)})
       from generate_series(0, 1) g where d.device_id % 10 = 3
     ) a
     where ${code} is not null`,
  );
}

// ---------------------------------------------------------------------------------------------
// History: the model
// ---------------------------------------------------------------------------------------------

/** W over one five-minute step, in kWh. */
const STEP_KWH = '12000.0';

/** Tables and the step function of the model; then the cycles of the history stations. */
export async function createModel(
  client: pg.ClientBase,
  plan: FleetPlan,
  fromMs: number,
  toMs: number,
): Promise<void> {
  await client.query(`create table bench_station (
      station_id int primary key, latitude float8 not null, longitude float8 not null, cap_kw float8 not null,
      batt_kwh float8 not null, base_load_w float8 not null, has_ev boolean not null,
      inverter_id int not null, battery_id int not null, meter_id int not null, extra_id int not null,
      extra_type int not null, pv0 float8 not null, charge0 float8 not null, discharge0 float8 not null,
      import0 float8 not null, export0 float8 not null, ev0 float8 not null, boot_epoch float8 not null)`);
  const next = random(7);
  const rows = plan.history.map((station) => ({
    station_id: station.stationId,
    latitude: station.latitude,
    longitude: station.longitude,
    cap_kw: station.capacityKwp,
    batt_kwh: Math.max(5, Math.round(station.capacityKwp * 1.2 * 10) / 10),
    base_load_w: 350 + Math.round(next() * 450),
    has_ev: station.deviceTypes[3] === DeviceType.chargingPile,
    inverter_id: station.deviceIds[0],
    battery_id: station.deviceIds[1],
    meter_id: station.deviceIds[2],
    extra_id: station.deviceIds[3],
    extra_type: station.deviceTypes[3],
    pv0: Math.round(station.capacityKwp * (200 + next() * 2500)),
    charge0: Math.round(next() * 3000),
    discharge0: Math.round(next() * 2800),
    import0: Math.round(2000 + next() * 20_000),
    export0: Math.round(next() * 15_000),
    ev0: Math.round(next() * 5000),
    boot_epoch: fromMs / 1000 - 86_400 * (1 + next() * 30),
  }));
  await client.query(
    `insert into bench_station select * from jsonb_populate_recordset(null::bench_station, $1::jsonb)`,
    [JSON.stringify(rows)],
  );
  // one cycle per station and date: from that date's sunrise to the next one's
  const frac = (seed: string) => `(sin(${seed}) * 43758.5453 - floor(sin(${seed}) * 43758.5453))`;
  const seed = (salt: number) =>
    `b.station_id * 12.9898 + (g.d::date - date '2000-01-01') * 78.233 + ${salt}`;
  await client.query(
    `create table bench_cycle as
     select c.*, lead(c.sunrise) over (partition by c.station_id order by c.cycle) as next_sunrise
     from (
       select b.station_id, g.d::date as cycle, s.noon,
              s.noon - make_interval(secs => s.length_h * 1800) as sunrise,
              s.noon + make_interval(secs => s.length_h * 1800) as sunset,
              w.cloud,
              b.cap_kw * 1000 * 0.82 * w.cloud * greatest(0.08, sin(radians(90 - abs(b.latitude - s.declination)))) as pv_peak_w,
              case when b.has_ev and ${frac(seed(3))} < 0.55
                   then s.noon + make_interval(secs => (6 + ${frac(seed(4))} * 2.5) * 3600) end as ev_start,
              (1 + ${frac(seed(5))} * 2) as ev_hours,
              0::float8 as k, 0::float8 as j, 0::float8 as surplus_kwh, 0::float8 as night_kwh
       from bench_station b
       cross join generate_series($1::date, $2::date, interval '1 day') g(d)
       cross join lateral (select 0.2 + 0.8 * ${frac(seed(1))} * (0.6 + 0.4 * ${frac(seed(2))}) as cloud) w
       cross join lateral (
         select x.declination, x.noon,
                24 / pi() * acos(greatest(-1, least(1, -tan(radians(b.latitude)) * tan(radians(x.declination))))) as length_h
         from (select 23.44 * sin(2 * pi() * (extract(doy from g.d) - 80) / 365.0) as declination,
                      (g.d::timestamp at time zone 'UTC') + make_interval(secs => (12 - b.longitude / 15) * 3600) as noon) x
       ) s
     ) c`,
    [
      new Date(fromMs - 3 * 86_400_000).toISOString().slice(0, 10),
      new Date(toMs + 2 * 86_400_000).toISOString().slice(0, 10),
    ],
  );
  await client.query(`delete from bench_cycle where next_sunrise is null`);
  await client.query(`alter table bench_cycle add primary key (station_id, cycle)`);
  await client.query(`alter table bench_cycle
      add column ev_end timestamptz, add column pv_total float8, add column charge_total float8,
      add column discharge_total float8, add column import_total float8, add column export_total float8,
      add column ev_total float8, add column base_pv float8, add column base_charge float8,
      add column base_discharge float8, add column base_import float8, add column base_export float8,
      add column base_ev float8`);
  await client.query(`update bench_cycle set ev_end = ev_start + make_interval(secs => ev_hours * 3600)`);

  // every five-minute step of the cycles that overlap [from_ts, to_ts), whole cycles
  await client.query(`create or replace function bench_steps(from_ts timestamptz, to_ts timestamptz, station_ids int[])
    returns table (station_id int, cycle date, ts timestamptz, pv_w float8, load_w float8, ev_w float8,
                   charge_w float8, discharge_w float8, grid_w float8, surplus_w float8, night_load_w float8)
    language sql stable as $$
      select c.station_id, c.cycle, t.ts, p.pv, p.load, p.ev,
             c.k * q.surplus, q.night * c.j,
             p.load + p.ev + c.k * q.surplus - p.pv - q.night * c.j,
             q.surplus, q.night
      from bench_cycle c
      join bench_station b on b.station_id = c.station_id
      cross join lateral generate_series(
        to_timestamp(ceil(date_part('epoch', c.sunrise) / 300) * 300),
        c.next_sunrise - interval '1 microsecond', interval '5 minutes') t(ts)
      cross join lateral (
        select date_part('epoch', t.ts) as epoch,
               date_part('epoch', t.ts - c.sunrise) / date_part('epoch', c.sunset - c.sunrise) as x,
               12 + date_part('epoch', t.ts - c.noon) / 3600 as solar_h
        offset 0
      ) a
      cross join lateral (
        select case when a.x > 0 and a.x < 1
                    then c.pv_peak_w * power(sin(pi() * a.x), 1.25)
                         * (1 - (1 - c.cloud) * 0.6 * abs(sin(a.epoch / 1300 + b.station_id)))
                    else 0 end as pv,
               b.base_load_w * (0.55 + 1.2 * exp(-power(a.solar_h - 24 * floor(a.solar_h / 24) - 19.5, 2) / 4.5)
                                + 0.7 * exp(-power(a.solar_h - 24 * floor(a.solar_h / 24) - 7.5, 2) / 1.5)
                                + 0.1 * sin(a.epoch / 1100 + b.station_id)) as load,
               case when c.ev_start is not null and t.ts >= c.ev_start and t.ts < c.ev_end then 11000 else 0 end as ev
        offset 0
      ) p
      cross join lateral (
        select greatest(0, p.pv - p.load - p.ev) as surplus,
               case when a.x >= 1 then p.load else 0 end as night
        offset 0
      ) q
      where c.station_id = any(station_ids) and c.next_sunrise > from_ts and c.sunrise < to_ts
    $$`);
}

/** Runs `jobs` with at most `parallel` at a time. */
export async function inParallel<T>(jobs: (() => Promise<T>)[], parallel: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, jobs.length) }, async () => {
      while (next < jobs.length) {
        const index = next++;
        results[index] = await jobs[index]!();
      }
    }),
  );
  return results;
}

/**
 * The battery's shares of each cycle (what part of the surplus it stores, what part of the
 * night's load it gives back, so that its state of charge stays within 10–95 %), then each
 * cycle's energy and the counters at its start.
 */
export async function settleCycles(pool: pg.Pool, groups: number[][], parallel: number): Promise<void> {
  await inParallel(
    groups.map((group) => async () => {
      await pool.query(
        `update bench_cycle c set surplus_kwh = a.surplus, night_kwh = a.night
         from (select station_id, cycle, sum(surplus_w) / ${STEP_KWH} as surplus, sum(night_load_w) / ${STEP_KWH} as night
               from bench_steps('-infinity', 'infinity', $1::int[]) group by station_id, cycle) a
         where c.station_id = a.station_id and c.cycle = a.cycle`,
        [group],
      );
    }),
    parallel,
  );
  await pool.query(
    `update bench_cycle c set
       k = case when c.surplus_kwh > 0 then least(1, 0.85 * b.batt_kwh / (0.95 * c.surplus_kwh)) else 0 end
     from bench_station b where b.station_id = c.station_id`,
  );
  await pool.query(
    `update bench_cycle c set j = case when c.night_kwh > 0 then least(1, 0.95 * c.k * c.surplus_kwh / c.night_kwh) else 0 end`,
  );
  await inParallel(
    groups.map((group) => async () => {
      await pool.query(
        `update bench_cycle c set pv_total = a.pv, charge_total = a.charge, discharge_total = a.discharge,
           import_total = a.import, export_total = a.export, ev_total = a.ev
         from (select station_id, cycle, sum(pv_w) / ${STEP_KWH} as pv, sum(charge_w) / ${STEP_KWH} as charge,
                      sum(discharge_w) / ${STEP_KWH} as discharge, sum(greatest(grid_w, 0)) / ${STEP_KWH} as import,
                      sum(greatest(-grid_w, 0)) / ${STEP_KWH} as export, sum(ev_w) / ${STEP_KWH} as ev
               from bench_steps('-infinity', 'infinity', $1::int[]) group by station_id, cycle) a
         where c.station_id = a.station_id and c.cycle = a.cycle`,
        [group],
      );
    }),
    parallel,
  );
  // the counters at each cycle's start: what came before, plus a milliwatt-hour per cycle so that
  // a sum taken in another order can never make a counter step back
  const base = (name: string) =>
    `b.${name}0 + coalesce(sum(c.${name}_total) over before, 0) + 1e-6 * (row_number() over (partition by c.station_id order by c.cycle) - 1) as base_${name}`;
  await pool.query(
    `update bench_cycle c set base_pv = x.base_pv, base_charge = x.base_charge, base_discharge = x.base_discharge,
       base_import = x.base_import, base_export = x.base_export, base_ev = x.base_ev
     from (select c.station_id, c.cycle, ${['pv', 'charge', 'discharge', 'import', 'export', 'ev'].map(base).join(', ')}
           from bench_cycle c join bench_station b on b.station_id = c.station_id
           window before as (partition by c.station_id order by c.cycle rows between unbounded preceding and 1 preceding)) x
     where c.station_id = x.station_id and c.cycle = x.cycle`,
  );
}

const kwh = (expression: string) => `round((${expression})::numeric, 3)`;
const watts = (expression: string) => `round((${expression})::numeric)`;

/**
 * One chunk of history: the readings of the four devices of `stations` in [fromMs, toMs), with
 * values shaped as each device type's. Recorded in bench_progress in the same statement.
 */
export async function insertChunk(
  pool: pg.Pool,
  key: string,
  stations: number[],
  fromMs: number,
  toMs: number,
): Promise<number> {
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const result = await pool.query<{ n: string }>(
    `with inserted as (
       insert into readings (device_id, ts, seq, values, received_at)
       select v.device_id, s.ts, (extract(epoch from s.ts) / 300)::bigint, v.values, s.ts + interval '2 seconds'
       from (
         select st.*, b.inverter_id, b.battery_id, b.meter_id, b.extra_id, b.extra_type, b.batt_kwh, b.boot_epoch,
                c.base_pv + sum(st.pv_w) over w / ${STEP_KWH} as pv_kwh,
                c.base_charge + sum(st.charge_w) over w / ${STEP_KWH} as charge_kwh,
                c.base_discharge + sum(st.discharge_w) over w / ${STEP_KWH} as discharge_kwh,
                c.base_import + sum(greatest(st.grid_w, 0)) over w / ${STEP_KWH} as import_kwh,
                c.base_export + sum(greatest(-st.grid_w, 0)) over w / ${STEP_KWH} as export_kwh,
                c.base_ev + sum(st.ev_w) over w / ${STEP_KWH} as ev_kwh,
                sum(st.ev_w) over w / ${STEP_KWH} as cycle_ev_kwh,
                10 + 100 * (0.95 * sum(st.charge_w) over w - sum(st.discharge_w) over w) / ${STEP_KWH} / b.batt_kwh as soc
         from bench_steps($1::timestamptz, $2::timestamptz, $3::int[]) st
         join bench_cycle c on c.station_id = st.station_id and c.cycle = st.cycle
         join bench_station b on b.station_id = st.station_id
         window w as (partition by st.station_id, st.cycle order by st.ts)
       ) s
       cross join lateral (values
         (s.inverter_id, jsonb_build_object('state', case when s.pv_w > 0 then 2 else 0 end,
            'pv_power_w', ${watts('s.pv_w')}, 'ac_power_w', ${watts('s.pv_w * 0.975')}, 'pv_kwh', ${kwh('s.pv_kwh')})),
         (s.battery_id, jsonb_build_object('state', case when s.charge_w > 0 then 4 when s.discharge_w > 0 then 5 else 0 end,
            'power_w', ${watts('s.charge_w - s.discharge_w')}, 'soc_pct', round(least(100, greatest(0, s.soc))::numeric, 1),
            'charge_kwh', ${kwh('s.charge_kwh')}, 'discharge_kwh', ${kwh('s.discharge_kwh')})),
         (s.meter_id, jsonb_build_object('grid_power_w', ${watts('s.grid_w')}, 'load_power_w', ${watts('s.load_w')},
            'import_kwh', ${kwh('s.import_kwh')}, 'export_kwh', ${kwh('s.export_kwh')})),
         (s.extra_id, case when s.extra_type = ${DeviceType.chargingPile}
            then jsonb_build_object('pile_state', case when s.ev_w > 0 then 'charging' else 'idle' end,
                   'power_w', ${watts('s.ev_w')}, 'ev_kwh', ${kwh('s.ev_kwh')})
                 || case when s.ev_w > 0 then jsonb_build_object('session_kwh', ${kwh('s.cycle_ev_kwh')}) else '{}'::jsonb end
            else jsonb_build_object('signal_dbm', -55 - s.station_id % 30, 'buffered', 0,
                   'uptime_s', (date_part('epoch', s.ts) - s.boot_epoch)::bigint) end)
       ) v(device_id, values)
       where s.ts >= $1::timestamptz and s.ts < $2::timestamptz
       returning 1)
     insert into bench_progress (chunk, rows) select $4, count(*) from inserted returning rows as n`,
    [from, to, stations, key],
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** The newest reading of each history device becomes its device_latest row. */
export async function latestFromHistory(client: pg.ClientBase, historyStationIds: number[]): Promise<void> {
  await client.query(
    `insert into device_latest (device_id, ts, seq, values)
     select d.device_id, r.ts, r.seq, r.values
     from devices d
     cross join lateral (select ts, seq, values from readings where device_id = d.device_id
                         order by ts desc limit 1) r
     where d.station_id = any($1::int[])
     on conflict (device_id) do update set ts = excluded.ts, seq = excluded.seq, values = excluded.values`,
    [historyStationIds],
  );
  await client.query(
    `update devices d set last_update_at = l.ts from device_latest l
     where l.device_id = d.device_id and d.station_id = any($1::int[])`,
    [historyStationIds],
  );
  await updateHeadlines(client, `d.station_id = any('{${historyStationIds.join(',')}}'::int[])`);
}
