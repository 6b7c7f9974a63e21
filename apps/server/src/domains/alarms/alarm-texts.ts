import {
  type AlarmState,
  alarmFault,
  COMMUNICATION_LOST_KEY,
  communicationLostTexts,
  type DeviceType,
  type Language,
  type ProcessingState,
} from '@helio/contracts';
import type { FaultSeverity } from '@helio/contracts/device-link';
import { enFaultTexts, type FaultKey, type FaultTexts, loadFaultTexts } from '@helio/contracts/fault-texts';

/**
 * What the server itself writes about alarms, in the five languages: the export's headings and
 * labels and the alarm mail. Fault texts come from contracts (device-link/fault-texts, and the
 * portal's own communication-lost texts), English when a language cannot be loaded.
 */

export interface AlarmTexts {
  severity: Record<FaultSeverity, string>;
  state: Record<AlarmState, string>;
  processing: Record<ProcessingState, string>;
  deviceType: Record<DeviceType, string>;
  unknownFault: string;
  sheet: string;
  headings: {
    station: string;
    timezone: string;
    sn: string;
    deviceType: string;
    code: string;
    fault: string;
    severity: string;
    part: string;
    state: string;
    raisedAt: string;
    clearedAt: string;
    acquiredAt: string;
    processing: string;
    opinion: string;
    processedBy: string;
    processedAt: string;
  };
  mail: {
    subject: (severity: string, fault: string, sn: string, station: string) => string;
    greeting: (name: string) => string;
    opened: string;
    started: string;
    details: string;
    cause: string;
    advice: string;
    quiet: (minutes: number) => string;
    settings: string;
    signature: string;
  };
}

const en: AlarmTexts = {
  severity: { warning: 'Warning', fault: 'Fault', critical: 'Critical fault' },
  state: { happening: 'Happening', ended: 'Ended' },
  processing: { unprocessed: 'Unprocessed', processed: 'Processed' },
  deviceType: {
    1: 'Inverter',
    2: 'Battery',
    3: 'Off-grid inverter',
    4: 'Charging pile',
    6: 'Meter',
    7: 'Commercial hybrid',
    8: 'Energy management box',
    9: 'Data logger',
  },
  unknownFault: 'Unknown fault',
  sheet: 'Alarms',
  headings: {
    station: 'Station',
    timezone: 'Time zone',
    sn: 'Device SN',
    deviceType: 'Device type',
    code: 'Code',
    fault: 'Fault',
    severity: 'Severity',
    part: 'Part',
    state: 'State',
    raisedAt: 'Start time',
    clearedAt: 'End time',
    acquiredAt: 'Acquisition time',
    processing: 'Processing',
    opinion: 'Handling opinion',
    processedBy: 'Processed by',
    processedAt: 'Processed at',
  },
  mail: {
    subject: (severity, fault, sn, station) => `Helio alarm: ${severity}: ${fault} on ${sn} (${station})`,
    greeting: (name) => `Hello ${name},`,
    opened: 'An alarm has opened on one of your stations.',
    started: 'Started',
    details: 'What happened',
    cause: 'Likely cause',
    advice: 'What to do',
    quiet: (minutes) =>
      `Further alarms of this device within ${minutes} minutes are mailed only when more severe; all of them are in the alarm list.`,
    settings: 'Choose which alarms are mailed to you in the portal’s alarm notification settings.',
    signature: 'Helio — solar and storage monitoring',
  },
};

const zh: AlarmTexts = {
  severity: { warning: '警告', fault: '故障', critical: '严重故障' },
  state: { happening: '发生中', ended: '已结束' },
  processing: { unprocessed: '未处理', processed: '已处理' },
  deviceType: {
    1: '逆变器',
    2: '电池',
    3: '离网逆变器',
    4: '充电桩',
    6: '电表',
    7: '工商业混合逆变器',
    8: '能量管理盒',
    9: '数据采集器',
  },
  unknownFault: '未知故障',
  sheet: '告警',
  headings: {
    station: '电站',
    timezone: '时区',
    sn: '设备序列号',
    deviceType: '设备类型',
    code: '代码',
    fault: '故障',
    severity: '级别',
    part: '部件',
    state: '状态',
    raisedAt: '开始时间',
    clearedAt: '结束时间',
    acquiredAt: '获取时间',
    processing: '处理状态',
    opinion: '处理意见',
    processedBy: '处理人',
    processedAt: '处理时间',
  },
  mail: {
    subject: (severity, fault, sn, station) => `Helio 告警：${severity}：${sn}（${station}）${fault}`,
    greeting: (name) => `${name}，您好：`,
    opened: '您的一个电站出现了新的告警。',
    started: '开始时间',
    details: '发生了什么',
    cause: '可能原因',
    advice: '处理建议',
    quiet: (minutes) =>
      `该设备在 ${minutes} 分钟内的其他告警，只有更严重时才会再发邮件；所有告警都可在告警列表中查看。`,
    settings: '您可以在平台的告警通知设置中选择接收哪些告警邮件。',
    signature: 'Helio 光伏储能监控平台',
  },
};

const pl: AlarmTexts = {
  severity: { warning: 'Ostrzeżenie', fault: 'Usterka', critical: 'Usterka krytyczna' },
  state: { happening: 'Trwa', ended: 'Zakończony' },
  processing: { unprocessed: 'Nieobsłużony', processed: 'Obsłużony' },
  deviceType: {
    1: 'Falownik',
    2: 'Bateria',
    3: 'Falownik off-grid',
    4: 'Ładowarka',
    6: 'Licznik',
    7: 'Falownik hybrydowy C&I',
    8: 'Moduł zarządzania energią',
    9: 'Rejestrator danych',
  },
  unknownFault: 'Nieznana usterka',
  sheet: 'Alarmy',
  headings: {
    station: 'Stacja',
    timezone: 'Strefa czasowa',
    sn: 'Numer seryjny',
    deviceType: 'Typ urządzenia',
    code: 'Kod',
    fault: 'Usterka',
    severity: 'Waga',
    part: 'Część',
    state: 'Stan',
    raisedAt: 'Początek',
    clearedAt: 'Koniec',
    acquiredAt: 'Czas odebrania',
    processing: 'Obsługa',
    opinion: 'Opinia',
    processedBy: 'Obsłużył',
    processedAt: 'Obsłużono',
  },
  mail: {
    subject: (severity, fault, sn, station) => `Alarm Helio: ${severity}: ${fault} – ${sn} (${station})`,
    greeting: (name) => `Dzień dobry, ${name}!`,
    opened: 'Na jednej z Twoich stacji pojawił się alarm.',
    started: 'Początek',
    details: 'Co się stało',
    cause: 'Prawdopodobna przyczyna',
    advice: 'Co zrobić',
    quiet: (minutes) =>
      `Kolejne alarmy tego urządzenia w ciągu ${minutes} minut wysyłamy tylko, gdy są poważniejsze; wszystkie są na liście alarmów.`,
    settings:
      'Które alarmy trafiają na Twoją skrzynkę, wybierzesz w ustawieniach powiadomień o alarmach w portalu.',
    signature: 'Helio — monitoring instalacji PV i magazynów energii',
  },
};

const cs: AlarmTexts = {
  severity: { warning: 'Varování', fault: 'Porucha', critical: 'Kritická porucha' },
  state: { happening: 'Probíhá', ended: 'Skončil' },
  processing: { unprocessed: 'Nevyřízený', processed: 'Vyřízený' },
  deviceType: {
    1: 'Střídač',
    2: 'Baterie',
    3: 'Ostrovní střídač',
    4: 'Nabíječka',
    6: 'Elektroměr',
    7: 'Komerční hybridní střídač',
    8: 'Jednotka řízení energie',
    9: 'Datalogger',
  },
  unknownFault: 'Neznámá porucha',
  sheet: 'Alarmy',
  headings: {
    station: 'Stanice',
    timezone: 'Časové pásmo',
    sn: 'Výrobní číslo',
    deviceType: 'Typ zařízení',
    code: 'Kód',
    fault: 'Porucha',
    severity: 'Závažnost',
    part: 'Část',
    state: 'Stav',
    raisedAt: 'Začátek',
    clearedAt: 'Konec',
    acquiredAt: 'Čas přijetí',
    processing: 'Vyřízení',
    opinion: 'Stanovisko',
    processedBy: 'Vyřídil',
    processedAt: 'Vyřízeno',
  },
  mail: {
    subject: (severity, fault, sn, station) => `Alarm Helio: ${severity}: ${fault} – ${sn} (${station})`,
    greeting: (name) => `Dobrý den, ${name},`,
    opened: 'Na jedné z vašich stanic vznikl alarm.',
    started: 'Začátek',
    details: 'Co se stalo',
    cause: 'Pravděpodobná příčina',
    advice: 'Co dělat',
    quiet: (minutes) =>
      `Další alarmy tohoto zařízení během ${minutes} minut posíláme e-mailem jen tehdy, jsou-li závažnější; všechny najdete v seznamu alarmů.`,
    settings: 'Které alarmy vám chodí e-mailem, zvolíte v nastavení upozornění na alarmy v portálu.',
    signature: 'Helio — monitoring fotovoltaiky a úložišť',
  },
};

const it: AlarmTexts = {
  severity: { warning: 'Avviso', fault: 'Guasto', critical: 'Guasto critico' },
  state: { happening: 'In corso', ended: 'Terminato' },
  processing: { unprocessed: 'Da gestire', processed: 'Gestito' },
  deviceType: {
    1: 'Inverter',
    2: 'Batteria',
    3: 'Inverter off-grid',
    4: 'Colonnina di ricarica',
    6: 'Contatore',
    7: 'Ibrido commerciale',
    8: 'Unità di gestione energia',
    9: 'Data logger',
  },
  unknownFault: 'Guasto sconosciuto',
  sheet: 'Allarmi',
  headings: {
    station: 'Impianto',
    timezone: 'Fuso orario',
    sn: 'Numero di serie',
    deviceType: 'Tipo di dispositivo',
    code: 'Codice',
    fault: 'Guasto',
    severity: 'Gravità',
    part: 'Parte',
    state: 'Stato',
    raisedAt: 'Inizio',
    clearedAt: 'Fine',
    acquiredAt: 'Ora di acquisizione',
    processing: 'Gestione',
    opinion: 'Parere di gestione',
    processedBy: 'Gestito da',
    processedAt: 'Gestito il',
  },
  mail: {
    subject: (severity, fault, sn, station) => `Allarme Helio: ${severity}: ${fault} su ${sn} (${station})`,
    greeting: (name) => `Gentile ${name},`,
    opened: 'Su uno dei tuoi impianti si è aperto un allarme.',
    started: 'Inizio',
    details: 'Che cosa è successo',
    cause: 'Causa probabile',
    advice: 'Che cosa fare',
    quiet: (minutes) =>
      `Altri allarmi di questo dispositivo entro ${minutes} minuti vengono inviati solo se più gravi; li trovi tutti nell’elenco degli allarmi.`,
    settings:
      'Scegli quali allarmi ricevere per e-mail nelle impostazioni di notifica degli allarmi del portale.',
    signature: 'Helio — monitoraggio di impianti fotovoltaici e di accumulo',
  },
};

export const alarmTexts: Record<Language, AlarmTexts> = { en, 'zh-CN': zh, pl, cs, it };

export interface FaultTextOf {
  name: string;
  details: string | null;
  cause: string | null;
  advice: string | null;
}

/** The fault texts of `language`, English when that language cannot be loaded. */
async function faultTextsIn(language: Language): Promise<FaultTexts> {
  try {
    return await loadFaultTexts(language);
  } catch {
    return enFaultTexts;
  }
}

/** A function giving the texts of a fault code in `language`. */
export async function faultTextFor(language: Language): Promise<(code: number) => FaultTextOf> {
  const texts = await faultTextsIn(language);
  return (code) => {
    const { key } = alarmFault(code);
    if (key === COMMUNICATION_LOST_KEY) return communicationLostTexts[language];
    const text = key ? (texts[key as FaultKey] ?? enFaultTexts[key as FaultKey]) : undefined;
    if (!text)
      return {
        name: `${alarmTexts[language].unknownFault} ${code}`,
        details: null,
        cause: null,
        advice: null,
      };
    return text;
  };
}

const localTimes = new Map<string, Intl.DateTimeFormat>();

/** An instant as `YYYY-MM-DD HH:mm:ss` in `timeZone` (the station's), the same in every language. */
export function localTime(iso: string, timeZone: string): string {
  let format = localTimes.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    localTimes.set(timeZone, format);
  }
  return format.format(new Date(iso));
}
