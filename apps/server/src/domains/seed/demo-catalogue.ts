import { DeviceType, StationType, type Tariff, type TemplateKind } from '@helio/contracts';

/**
 * The demo installer's plants (PRODUCT.md §1, the simulator issue): one station of each type of
 * PRODUCT.md §4, in several countries and time zones of Europe, South America and Asia, each
 * with the devices a real plant of its kind has. SNs are fixed so the plants keep their history
 * across restarts; their secrets are issued anew at each start and never leave the process.
 */
export interface DemoDevice {
  sn: string;
  deviceType: DeviceType;
  model: string;
  ratedPowerW: number | null;
  firmwareVersion: string;
  modbusAddress: number;
  /**
   * The system template (its kind) the device runs once the plant is live: applied by the portal
   * itself, once (demo-strategies.ts). Only a device that runs its site's battery takes one.
   */
  strategy?: TemplateKind;
}

export interface DemoPlant {
  name: string;
  stationType: StationType;
  countryCode: string;
  provinceCode: string;
  city: string;
  address: string;
  latitude: number;
  longitude: number;
  timezone: string;
  capacityKwp: number;
  unitPrice: number;
  currency: string;
  commissioningDate: string;
  /** Its peak-valley tariff, in its currency, saved once by the portal (demo-tariffs.ts). */
  tariff?: Tariff;
  devices: DemoDevice[];
}

let address = 0;
function device(
  prefix: string,
  number: number,
  deviceType: DeviceType,
  model: string,
  ratedPowerW: number | null,
  firmwareVersion: string,
  strategy?: TemplateKind,
): DemoDevice {
  address += 1;
  return {
    sn: `${prefix}DEMO${String(number).padStart(8, '0')}`,
    deviceType,
    model,
    ratedPowerW,
    firmwareVersion,
    modbusAddress: address,
    ...(strategy ? { strategy } : {}),
  };
}

const everyDay = [1, 2, 3, 4, 5, 6, 7];
const workdays = [1, 2, 3, 4, 5];
const allMonths = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/**
 * A German dynamic household tariff, EUR/kWh with grid fees and taxes: cheap nights, an evening
 * peak on workdays, the EEG feed-in rate for a small roof. The TOU system template's slots (charge
 * 01:00–05:00, discharge 17:00–21:00) fall in its valley and peak.
 */
const garchingTariff: Tariff = {
  seasons: [
    {
      name: 'Ganzjährig',
      months: allMonths,
      periods: [
        { band: 'valley', days: everyDay, start: '00:00', end: '06:00' },
        { band: 'peak', days: workdays, start: '17:00', end: '21:00' },
      ],
    },
  ],
  prices: { peak: 0.38, shoulder: 0.3, valley: 0.22 },
  feed_in_price: 0.08,
};

/**
 * A Polish two-zone G12w household tariff, PLN/kWh with distribution: the night, the early
 * afternoon and the whole weekend cheap, the rest of the day at the day rate (no peak zone: its
 * price is the day rate); net-billing's feed-in value.
 */
const konstancinTariff: Tariff = {
  seasons: [
    {
      name: 'Cały rok',
      months: allMonths,
      periods: [
        { band: 'valley', days: workdays, start: '00:00', end: '06:00' },
        { band: 'valley', days: workdays, start: '13:00', end: '15:00' },
        { band: 'valley', days: workdays, start: '22:00', end: '24:00' },
        { band: 'valley', days: [6, 7], start: '00:00', end: '24:00' },
      ],
    },
  ],
  prices: { peak: 1.12, shoulder: 1.12, valley: 0.64 },
  feed_in_price: 0.3,
};

/**
 * Modelled on Shenzhen's (Guangdong's) commercial time-of-use prices, CNY/kWh, 1–10 kV: valley
 * 00:00–08:00, peaks 10:00–12:00 and 14:00–19:00, the rest flat (shoulder); the summer season's
 * peak runs an hour longer (a simple stand-in for the summer's critical peak). Feed-in at
 * Guangdong's coal benchmark price.
 */
const shenzhenPeriods = (peakEnd: string): Tariff['seasons'][number]['periods'] => [
  { band: 'valley', days: everyDay, start: '00:00', end: '08:00' },
  { band: 'peak', days: everyDay, start: '10:00', end: '12:00' },
  { band: 'peak', days: everyDay, start: '14:00', end: peakEnd },
];
const shenzhenTariff: Tariff = {
  seasons: [
    { name: '夏季', months: [7, 8, 9], periods: shenzhenPeriods('20:00') },
    { name: '非夏季', months: [1, 2, 3, 4, 5, 6, 10, 11, 12], periods: shenzhenPeriods('19:00') },
  ],
  prices: { peak: 1.06, shoulder: 0.64, valley: 0.27 },
  feed_in_price: 0.453,
};

export const demoPlants: readonly DemoPlant[] = [
  {
    name: 'Sonnenhof Garching',
    stationType: StationType.residentialEss,
    countryCode: 'DE',
    provinceCode: 'DE-BY',
    city: 'Garching bei München',
    address: 'Schleißheimer Str. 12, 85748 Garching',
    latitude: 48.2496,
    longitude: 11.6521,
    timezone: 'Europe/Berlin',
    capacityKwp: 9.8,
    unitPrice: 0.32,
    currency: 'EUR',
    commissioningDate: '2024-04-18',
    tariff: garchingTariff,
    devices: [
      device('INV', 1, DeviceType.inverter, 'H3-10K', 10_000, 'V2.14.3', 'tou'),
      device('BAT', 2, DeviceType.battery, 'HV-12.8', 6_000, 'B1.8.0'),
      device('MTR', 3, DeviceType.meter, 'DTSU666', null, 'M1.2'),
      device('DLG', 4, DeviceType.dataLogger, 'WiFi-L2', null, 'L3.1.7'),
    ],
  },
  {
    name: 'Cortijo Solar Sevilla',
    stationType: StationType.onGrid,
    countryCode: 'ES',
    provinceCode: 'ES-AN',
    city: 'Sevilla',
    address: 'Calle Betis 41, 41010 Sevilla',
    latitude: 37.3828,
    longitude: -5.9989,
    timezone: 'Europe/Madrid',
    capacityKwp: 6.6,
    unitPrice: 0.18,
    currency: 'EUR',
    commissioningDate: '2023-06-02',
    devices: [
      device('INV', 5, DeviceType.inverter, 'S6-GR1P6K', 6_000, 'V2.14.1'),
      device('MTR', 6, DeviceType.meter, 'DDSU666', null, 'M1.2'),
    ],
  },
  {
    name: 'Dom Słoneczny Konstancin',
    stationType: StationType.residentialEssWallbox,
    countryCode: 'PL',
    provinceCode: 'PL-14',
    city: 'Konstancin-Jeziorna',
    address: 'ul. Piłsudskiego 15, 05-520 Konstancin-Jeziorna',
    latitude: 52.0939,
    longitude: 21.1175,
    timezone: 'Europe/Warsaw',
    capacityKwp: 11.2,
    unitPrice: 1.05,
    currency: 'PLN',
    commissioningDate: '2025-03-10',
    tariff: konstancinTariff,
    devices: [
      device('INV', 7, DeviceType.inverter, 'H3-12K', 12_000, 'V2.15.0'),
      device('BAT', 8, DeviceType.battery, 'HV-15.4', 7_500, 'B1.8.2'),
      device('EVC', 9, DeviceType.chargingPile, 'AC-11K', 11_000, 'E2.3.1'),
      device('MTR', 10, DeviceType.meter, 'DTSU666', null, 'M1.2'),
    ],
  },
  {
    name: 'Estancia Atacama',
    stationType: StationType.offGrid,
    countryCode: 'CL',
    provinceCode: 'CL-AN',
    city: 'San Pedro de Atacama',
    address: 'Camino a Toconao km 4, San Pedro de Atacama',
    latitude: -22.9087,
    longitude: -68.1997,
    timezone: 'America/Santiago',
    capacityKwp: 5.4,
    unitPrice: 210,
    currency: 'CLP',
    commissioningDate: '2024-11-05',
    devices: [
      device('OFG', 11, DeviceType.offGrid, 'OG-6K', 6_000, 'O1.9.4'),
      device('BAT', 12, DeviceType.battery, 'LV-10.2', 5_000, 'B1.7.9'),
      device('DLG', 13, DeviceType.dataLogger, '4G-L1', null, 'L3.1.7'),
    ],
  },
  {
    name: 'Garagem Vila Madalena',
    stationType: StationType.wallbox,
    countryCode: 'BR',
    provinceCode: 'BR-SP',
    city: 'São Paulo',
    address: 'Rua Harmonia 321, Vila Madalena, São Paulo',
    latitude: -23.5558,
    longitude: -46.6896,
    timezone: 'America/Sao_Paulo',
    // a wallbox station has no PV; its form still asks for a capacity, which holds the charger's rating
    capacityKwp: 22,
    unitPrice: 0.89,
    currency: 'BRL',
    commissioningDate: '2025-01-20',
    devices: [device('EVC', 14, DeviceType.chargingPile, 'AC-22K', 22_000, 'E2.3.1')],
  },
  {
    name: 'Shenzhen Logistics Park',
    stationType: StationType.commercialEss,
    countryCode: 'CN',
    provinceCode: 'CN-GD',
    city: 'Shenzhen',
    address: '宝安区福海街道 物流园 8 号',
    latitude: 22.6925,
    longitude: 113.8124,
    timezone: 'Asia/Shanghai',
    capacityKwp: 420,
    unitPrice: 0.92,
    currency: 'CNY',
    commissioningDate: '2024-09-01',
    tariff: shenzhenTariff,
    // the EMS 5000 reports its PCS, PVS, BMS, STS, generator and meter parts itself
    devices: [
      device('EMS', 15, DeviceType.energyManagementBox, 'EMS 5000', 250_000, 'S5.2.0'),
      device('DLG', 16, DeviceType.dataLogger, 'ETH-L3', null, 'L3.2.0'),
    ],
  },
];
