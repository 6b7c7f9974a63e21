import type { ChartKind, ChartSeriesKey, Language, RangeUnit } from '@helio/contracts';

/** What the chart export writes, in the five languages: sheet, header lines and series names. */
export interface ChartTexts {
  sheet: Record<ChartKind, string>;
  station: string;
  timezone: string;
  range: string;
  exported: string;
  unit: Record<RangeUnit, string>;
  /** Heading of the first column for each resolution. */
  time: string;
  date: string;
  series: Record<ChartSeriesKey, string>;
}

const en: ChartTexts = {
  sheet: {
    station: 'Power and energy',
    yield: 'PV yield',
    income: 'Income',
    battery: 'Battery',
    ems: 'Energy management',
    emsStorage: 'Storage',
  },
  station: 'Station',
  timezone: 'Time zone',
  range: 'Range',
  exported: 'Exported at',
  unit: { day: 'Day', week: 'Week', month: 'Month', year: 'Year', total: 'Total' },
  time: 'Time',
  date: 'Period',
  series: {
    pv_w: 'PV power',
    load_w: 'Home load',
    grid_w: 'Grid (+ import, − export)',
    battery_w: 'Battery (+ charging, − discharging)',
    ev_w: 'Wallbox',
    generator_w: 'Generator',
    soc_pct: 'State of charge',
    pv_kwh: 'PV yield',
    consumption_kwh: 'Consumption',
    import_kwh: 'Grid import',
    export_kwh: 'Grid export',
    charge_kwh: 'Battery charge',
    discharge_kwh: 'Battery discharge',
    ev_kwh: 'Charged energy',
    generator_kwh: 'Generator energy',
    yield_h: 'Yield per kWp',
    income: 'Income',
  },
};

const zh: ChartTexts = {
  sheet: {
    station: '功率与电量',
    yield: '光伏发电量',
    income: '收益',
    battery: '电池',
    ems: '能量管理',
    emsStorage: '储能',
  },
  station: '电站',
  timezone: '时区',
  range: '范围',
  exported: '导出时间',
  unit: { day: '日', week: '周', month: '月', year: '年', total: '总计' },
  time: '时间',
  date: '周期',
  series: {
    pv_w: '光伏功率',
    load_w: '家庭负载',
    grid_w: '电网（+ 购电，− 馈电）',
    battery_w: '电池（+ 充电，− 放电）',
    ev_w: '充电桩',
    generator_w: '发电机',
    soc_pct: '荷电状态',
    pv_kwh: '光伏发电量',
    consumption_kwh: '用电量',
    import_kwh: '电网购电量',
    export_kwh: '电网馈电量',
    charge_kwh: '电池充电量',
    discharge_kwh: '电池放电量',
    ev_kwh: '充电电量',
    generator_kwh: '发电机电量',
    yield_h: '每 kWp 发电量',
    income: '收益',
  },
};

const pl: ChartTexts = {
  sheet: {
    station: 'Moc i energia',
    yield: 'Uzysk PV',
    income: 'Przychód',
    battery: 'Bateria',
    ems: 'Zarządzanie energią',
    emsStorage: 'Magazyn',
  },
  station: 'Stacja',
  timezone: 'Strefa czasowa',
  range: 'Zakres',
  exported: 'Wyeksportowano',
  unit: { day: 'Dzień', week: 'Tydzień', month: 'Miesiąc', year: 'Rok', total: 'Łącznie' },
  time: 'Czas',
  date: 'Okres',
  series: {
    pv_w: 'Moc PV',
    load_w: 'Zużycie domu',
    grid_w: 'Sieć (+ pobór, − oddawanie)',
    battery_w: 'Bateria (+ ładowanie, − rozładowanie)',
    ev_w: 'Ładowarka',
    generator_w: 'Generator',
    soc_pct: 'Stan naładowania',
    pv_kwh: 'Uzysk PV',
    consumption_kwh: 'Zużycie',
    import_kwh: 'Pobór z sieci',
    export_kwh: 'Oddanie do sieci',
    charge_kwh: 'Ładowanie baterii',
    discharge_kwh: 'Rozładowanie baterii',
    ev_kwh: 'Energia ładowania',
    generator_kwh: 'Energia generatora',
    yield_h: 'Uzysk na kWp',
    income: 'Przychód',
  },
};

const cs: ChartTexts = {
  sheet: {
    station: 'Výkon a energie',
    yield: 'Výroba FV',
    income: 'Výnos',
    battery: 'Baterie',
    ems: 'Řízení energie',
    emsStorage: 'Úložiště',
  },
  station: 'Elektrárna',
  timezone: 'Časové pásmo',
  range: 'Rozsah',
  exported: 'Exportováno',
  unit: { day: 'Den', week: 'Týden', month: 'Měsíc', year: 'Rok', total: 'Celkem' },
  time: 'Čas',
  date: 'Období',
  series: {
    pv_w: 'Výkon FV',
    load_w: 'Spotřeba domu',
    grid_w: 'Síť (+ odběr, − dodávka)',
    battery_w: 'Baterie (+ nabíjení, − vybíjení)',
    ev_w: 'Nabíječka',
    generator_w: 'Generátor',
    soc_pct: 'Stav nabití',
    pv_kwh: 'Výroba FV',
    consumption_kwh: 'Spotřeba',
    import_kwh: 'Odběr ze sítě',
    export_kwh: 'Dodávka do sítě',
    charge_kwh: 'Nabití baterie',
    discharge_kwh: 'Vybití baterie',
    ev_kwh: 'Nabitá energie',
    generator_kwh: 'Energie generátoru',
    yield_h: 'Výroba na kWp',
    income: 'Výnos',
  },
};

const it: ChartTexts = {
  sheet: {
    station: 'Potenza ed energia',
    yield: 'Produzione FV',
    income: 'Ricavo',
    battery: 'Batteria',
    ems: 'Gestione energia',
    emsStorage: 'Accumulo',
  },
  station: 'Impianto',
  timezone: 'Fuso orario',
  range: 'Intervallo',
  exported: 'Esportato il',
  unit: { day: 'Giorno', week: 'Settimana', month: 'Mese', year: 'Anno', total: 'Totale' },
  time: 'Ora',
  date: 'Periodo',
  series: {
    pv_w: 'Potenza FV',
    load_w: 'Carico domestico',
    grid_w: 'Rete (+ prelievo, − immissione)',
    battery_w: 'Batteria (+ carica, − scarica)',
    ev_w: 'Wallbox',
    generator_w: 'Generatore',
    soc_pct: 'Stato di carica',
    pv_kwh: 'Produzione FV',
    consumption_kwh: 'Consumo',
    import_kwh: 'Prelievo dalla rete',
    export_kwh: 'Immissione in rete',
    charge_kwh: 'Carica batteria',
    discharge_kwh: 'Scarica batteria',
    ev_kwh: 'Energia caricata',
    generator_kwh: 'Energia del generatore',
    yield_h: 'Produzione per kWp',
    income: 'Ricavo',
  },
};

export const chartTexts: Record<Language, ChartTexts> = { en, 'zh-CN': zh, pl, cs, it };
