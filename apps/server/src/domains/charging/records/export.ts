import type { PassThrough } from 'node:stream';
import {
  type ChargingRecord,
  type Language,
  localClock,
  localDate,
  type SessionStart,
} from '@helio/contracts';
import type { Caller } from '../../../core/caller.ts';
import type { Downloads, DownloadWriter } from '../../../platform/downloads.ts';
import { writeFigureSheet } from '../../plant/chart-export.ts';
import { chartTexts } from '../../plant/chart-texts.ts';
import type { RecordsQuery, RecordsService } from './service.ts';

/**
 * The charging records' .xlsx export: every session the call's filter matches, newest first, and
 * a totals row, under the charts' header (station, range, zone, when; plant/chart-texts.ts), with
 * headings in the caller's language. Built again at download time with the caller's rights then.
 */

interface RecordsTexts {
  sheet: string;
  all: string;
  charger: string;
  started: string;
  ended: string;
  duration: string;
  energy: string;
  peak: string;
  pv: string;
  battery: string;
  grid: string;
  pvShare: string;
  cost: string;
  startedBy: string;
  state: string;
  starts: Record<SessionStart, string>;
  states: Record<ChargingRecord['state'], string>;
  totals: (sessions: number) => string;
}

const recordsTexts: Record<Language, RecordsTexts> = {
  en: {
    sheet: 'Charging records',
    all: 'All sessions',
    charger: 'Charger',
    started: 'Started',
    ended: 'Ended',
    duration: 'Duration (h)',
    energy: 'Energy (kWh)',
    peak: 'Peak power (kW)',
    pv: 'From PV (kWh)',
    battery: 'From the battery (kWh)',
    grid: 'From the grid (kWh)',
    pvShare: 'PV share (%)',
    cost: 'Cost',
    startedBy: 'Started by',
    state: 'State',
    starts: { plan: 'Plan', remote: 'Remote', plug_and_charge: 'Plug and charge', card: 'Card' },
    states: { charging: 'Charging', plugged: 'Plugged in', ended: 'Ended' },
    totals: (sessions) => `Total (${sessions} sessions)`,
  },
  'zh-CN': {
    sheet: '充电记录',
    all: '全部充电记录',
    charger: '充电桩',
    started: '开始时间',
    ended: '结束时间',
    duration: '时长（小时）',
    energy: '电量（kWh）',
    peak: '最大功率（kW）',
    pv: '来自光伏（kWh）',
    battery: '来自电池（kWh）',
    grid: '来自电网（kWh）',
    pvShare: '光伏占比（%）',
    cost: '费用',
    startedBy: '启动方式',
    state: '状态',
    starts: { plan: '计划', remote: '远程', plug_and_charge: '即插即充', card: '刷卡' },
    states: { charging: '充电中', plugged: '已插枪', ended: '已结束' },
    totals: (sessions) => `合计（${sessions} 次）`,
  },
  pl: {
    sheet: 'Historia ładowania',
    all: 'Wszystkie sesje',
    charger: 'Ładowarka',
    started: 'Początek',
    ended: 'Koniec',
    duration: 'Czas (h)',
    energy: 'Energia (kWh)',
    peak: 'Moc maksymalna (kW)',
    pv: 'Z PV (kWh)',
    battery: 'Z magazynu (kWh)',
    grid: 'Z sieci (kWh)',
    pvShare: 'Udział PV (%)',
    cost: 'Koszt',
    startedBy: 'Uruchomienie',
    state: 'Stan',
    starts: { plan: 'Plan', remote: 'Zdalnie', plug_and_charge: 'Plug and charge', card: 'Karta' },
    states: { charging: 'Ładuje', plugged: 'Podłączony', ended: 'Zakończona' },
    totals: (sessions) => `Razem (sesje: ${sessions})`,
  },
  cs: {
    sheet: 'Záznamy nabíjení',
    all: 'Všechna nabíjení',
    charger: 'Nabíječka',
    started: 'Začátek',
    ended: 'Konec',
    duration: 'Doba (h)',
    energy: 'Energie (kWh)',
    peak: 'Nejvyšší výkon (kW)',
    pv: 'Z FVE (kWh)',
    battery: 'Z baterie (kWh)',
    grid: 'Ze sítě (kWh)',
    pvShare: 'Podíl FVE (%)',
    cost: 'Náklady',
    startedBy: 'Spuštěno',
    state: 'Stav',
    starts: { plan: 'Plán', remote: 'Vzdáleně', plug_and_charge: 'Plug and charge', card: 'Karta' },
    states: { charging: 'Nabíjí', plugged: 'Připojeno', ended: 'Ukončeno' },
    totals: (sessions) => `Celkem (nabíjení: ${sessions})`,
  },
  it: {
    sheet: 'Ricariche',
    all: 'Tutte le ricariche',
    charger: 'Wallbox',
    started: 'Inizio',
    ended: 'Fine',
    duration: 'Durata (h)',
    energy: 'Energia (kWh)',
    peak: 'Potenza massima (kW)',
    pv: 'Da FV (kWh)',
    battery: 'Dalla batteria (kWh)',
    grid: 'Dalla rete (kWh)',
    pvShare: 'Quota FV (%)',
    cost: 'Costo',
    startedBy: 'Avvio',
    state: 'Stato',
    starts: { plan: 'Piano', remote: 'Remoto', plug_and_charge: 'Plug and charge', card: 'Tessera' },
    states: { charging: 'In carica', plugged: 'Collegata', ended: 'Terminata' },
    totals: (sessions) => `Totale (ricariche: ${sessions})`,
  },
};

export interface RecordsExportParams extends RecordsQuery {
  language: Language;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export function recordsExport(downloads: Downloads, service: RecordsService, now: () => Date) {
  async function write(out: PassThrough, caller: Caller, params: RecordsExportParams): Promise<void> {
    const { station, list, totals } = await service.everyRecord(caller, params);
    const texts = recordsTexts[params.language];
    const chart = chartTexts[params.language];
    const zone = station.timezone;
    const at = (iso: string | null) => {
      if (iso === null) return null;
      const ms = Date.parse(iso);
      return `${localDate(ms, zone)} ${localClock(ms, zone)}`;
    };
    const range =
      params.startDate || params.endDate ? `${params.startDate ?? ''} – ${params.endDate ?? ''}` : texts.all;
    const nowMs = now().getTime();
    await writeFigureSheet(out, {
      name: texts.sheet,
      header: [
        [chart.station, station.station_name],
        [chart.range, params.equSn ? `${range}, ${params.equSn}` : range],
        [chart.timezone, zone],
        [chart.exported, `${localDate(nowMs, zone)} ${localClock(nowMs, zone)}`],
      ],
      widths: [22, 18, 18, 12, 14, 16, 16, 18, 18, 14, 14, 16, 14],
      headings: [
        texts.charger,
        texts.started,
        texts.ended,
        texts.duration,
        texts.energy,
        texts.peak,
        texts.pv,
        texts.battery,
        texts.grid,
        texts.pvShare,
        `${texts.cost} (${station.currency})`,
        texts.startedBy,
        texts.state,
      ],
      rows: [
        ...list.map((record) => [
          record.sn,
          at(record.started_at),
          at(record.ended_at),
          round(record.duration_s / 3600, 2),
          record.energy_kwh,
          round(record.max_power_w / 1000, 2),
          record.pv_kwh,
          record.battery_kwh,
          record.grid_kwh,
          record.pv_share_pct,
          record.cost,
          record.start === null ? null : texts.starts[record.start],
          texts.states[record.state],
        ]),
        [
          texts.totals(totals.sessions),
          null,
          null,
          round(list.reduce((sum, record) => sum + record.duration_s, 0) / 3600, 2),
          totals.energy_kwh,
          null,
          totals.pv_kwh,
          totals.battery_kwh,
          totals.grid_kwh,
          totals.energy_kwh > 0 ? round((totals.pv_kwh / totals.energy_kwh) * 100, 1) : null,
          totals.cost,
          null,
          null,
        ],
      ],
    });
  }
  downloads.register('charging_records_export', write as DownloadWriter);

  return {
    /** The ticket of an export the call has checked. */
    ticket(caller: Caller, params: RecordsExportParams) {
      const fileName = `charging-records-${params.stationId}-${params.startDate ?? 'all'}-${params.endDate ?? 'all'}.xlsx`;
      return downloads.issue(caller, 'charging_records_export', params, fileName);
    },
  };
}
