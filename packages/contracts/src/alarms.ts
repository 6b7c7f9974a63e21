import { type FaultSeverity, faultByCode, faultSeverities } from './device-link/faults.ts';
import type { ErrorCode } from './errors/codes.ts';
import type { Language } from './i18n.ts';

/**
 * The rules of alarms, messages and the operation log that server and web share (README.md
 * "Alarms and messages: choices"): the portal's own fault, how a code becomes a fault key and a
 * severity, the time-range limits of SPEC.md §9 with their codes (200601–200603), and the
 * enumerations the calls answer.
 */

/**
 * The one fault the portal raises itself (source `server`): a device has sent nothing for longer
 * than ALARM_SILENT_MINUTES and at least three of its intervals. It sits in the communication
 * group (5xx) of the device catalogue, on a code no device uses; a device that sends it is ignored.
 */
export const COMMUNICATION_LOST_CODE = 500;
export const COMMUNICATION_LOST_KEY = 'communication_lost';

/** Texts of the portal's own fault, in the five languages (the device faults' are in device-link/fault-texts). */
export const communicationLostTexts: Record<
  Language,
  { name: string; details: string; cause: string; advice: string }
> = {
  en: {
    name: 'Communication lost',
    details:
      'The portal has received nothing from the device for longer than the configured time (30 minutes by default, and at least three of its reporting intervals). The portal raises this alarm itself; it ends as soon as the device reports again.',
    cause:
      'The device or its data logger has no power; the local network or Wi-Fi is down, the router was replaced or its password changed; the mobile signal is lost; the device secret was rotated and the device still uses the old one.',
    advice:
      'Check that the device is powered and that the router and the internet connection work. If the Wi-Fi name or password changed, set up the network of the data logger again. Installer: check the network LEDs of the logger, the broker address and the device credentials; after a secret rotation, enter the new secret in the device.',
  },
  'zh-CN': {
    name: '通信中断',
    details:
      '平台在超过设定的时间（默认 30 分钟，且至少为设备的三个上报周期）内未收到设备的任何数据。该告警由平台产生；设备重新上报数据后告警自动结束。',
    cause:
      '设备或数据采集器断电；本地网络或 Wi-Fi 故障，路由器被更换或密码已修改；移动信号丢失；设备密钥已轮换，而设备仍在使用旧密钥。',
    advice:
      '请检查设备是否通电，路由器和互联网连接是否正常。如果 Wi-Fi 名称或密码已更改，请重新配置数据采集器的网络。安装商：检查采集器的网络指示灯、服务器地址和设备凭据；轮换密钥后，请将新密钥写入设备。',
  },
  pl: {
    name: 'Utrata komunikacji',
    details:
      'Portal nie otrzymał od urządzenia żadnych danych przez czas dłuższy niż ustawiony (domyślnie 30 minut i co najmniej trzy jego interwały raportowania). Alarm zgłasza sam portal; kończy się, gdy urządzenie znów przyśle dane.',
    cause:
      'Urządzenie lub rejestrator danych nie ma zasilania; sieć lokalna lub Wi-Fi nie działa, router wymieniono albo zmieniono jego hasło; brak zasięgu sieci komórkowej; sekret urządzenia został zmieniony, a urządzenie nadal używa starego.',
    advice:
      'Sprawdź, czy urządzenie jest zasilane oraz czy router i połączenie z internetem działają. Jeśli zmieniła się nazwa lub hasło Wi-Fi, skonfiguruj ponownie sieć rejestratora. Instalator: sprawdź diody sieciowe rejestratora, adres brokera i dane uwierzytelniające urządzenia; po zmianie sekretu wpisz nowy sekret w urządzeniu.',
  },
  cs: {
    name: 'Ztráta komunikace',
    details:
      'Portál od zařízení nepřijal žádná data déle, než je nastavená doba (výchozí 30 minut a nejméně tři jeho intervaly hlášení). Alarm vyhlašuje sám portál; skončí, jakmile zařízení znovu pošle data.',
    cause:
      'Zařízení nebo jeho datalogger nemá napájení; místní síť nebo Wi-Fi nefunguje, router byl vyměněn nebo bylo změněno jeho heslo; chybí mobilní signál; tajný klíč zařízení byl obnoven a zařízení stále používá starý.',
    advice:
      'Zkontrolujte, zda je zařízení napájeno a zda funguje router a připojení k internetu. Pokud se změnil název nebo heslo Wi-Fi, nastavte síť dataloggeru znovu. Instalační technik: zkontrolujte síťové LED dataloggeru, adresu brokeru a přihlašovací údaje zařízení; po obnovení klíče zadejte do zařízení nový klíč.',
  },
  it: {
    name: 'Comunicazione persa',
    details:
      'Il portale non ha ricevuto nulla dal dispositivo per un tempo superiore a quello impostato (30 minuti di default, e almeno tre dei suoi intervalli di invio). L’allarme è generato dal portale stesso; termina appena il dispositivo torna a inviare dati.',
    cause:
      'Il dispositivo o il suo data logger non è alimentato; la rete locale o il Wi-Fi non funziona, il router è stato sostituito o la sua password è cambiata; manca il segnale mobile; il segreto del dispositivo è stato rinnovato e il dispositivo usa ancora quello vecchio.',
    advice:
      'Verificare che il dispositivo sia alimentato e che il router e la connessione a internet funzionino. Se il nome o la password del Wi-Fi sono cambiati, configurare di nuovo la rete del data logger. Installatore: controllare i LED di rete del logger, l’indirizzo del broker e le credenziali del dispositivo; dopo il rinnovo del segreto, inserire il nuovo segreto nel dispositivo.',
  },
};

/**
 * Severity given to a code the catalogue does not know (a firmware newer than the portal): `fault`,
 * so that it is neither hidden nor shouted.
 */
export const UNKNOWN_FAULT_SEVERITY: FaultSeverity = 'fault';

/** The fault key and severity of an alarm code; key null for a code the catalogue does not know. */
export function alarmFault(code: number): { key: string | null; severity: FaultSeverity } {
  if (code === COMMUNICATION_LOST_CODE) return { key: COMMUNICATION_LOST_KEY, severity: 'fault' };
  const fault = faultByCode(code);
  return fault
    ? { key: fault.key, severity: fault.severity }
    : { key: null, severity: UNKNOWN_FAULT_SEVERITY };
}

/** warning 1, fault 2, critical 3: the order severities sort and escalate in. */
export function severityRank(severity: FaultSeverity): number {
  return faultSeverities.indexOf(severity) + 1;
}

/** Who opened an alarm: the device's own event, or the portal (communication lost). */
export const alarmSources = ['device', 'server'] as const;
export type AlarmSource = (typeof alarmSources)[number];

/** Severities a user is mailed about until they choose (PRODUCT.md: faults and critical faults). */
export const defaultMailSeverities: readonly FaultSeverity[] = ['fault', 'critical'];

/** An abnormal report is open until an installer closes it. */
export const reportStates = ['open', 'closed'] as const;
export type ReportState = (typeof reportStates)[number];

/** Messages of /myLog/myLog: alarm notices, authorization requests and their answers, system messages. */
export const messageKinds = ['alarm', 'authorization', 'system'] as const;
export type MessageKind = (typeof messageKinds)[number];

/** What the operation log records (the web translates `oplog.<action>`). Secrets never appear in it. */
export const operationActions = [
  'sign_in',
  'sign_in_failed',
  'station_add',
  'station_edit',
  'station_delete',
  'station_bind',
  'station_unbind',
  'device_add',
  'device_remove',
  'device_secret_rotate',
  'alarm_process',
  'report_add',
  'report_edit',
  'report_close',
  'auth_request_add',
  'auth_request_answer',
  'notification_settings',
  'user_invite',
  'invitation_received',
  'invitation_accept',
  'invitation_decline',
  'email_change_request',
  'email_change_confirm',
  'device_unlock',
  'device_unlock_failed',
  'device_password_set',
  'tree_password_set',
  'device_command',
  'firmware_file_add',
  'firmware_file_del',
] as const;
export type OperationAction = (typeof operationActions)[number];

/** Longest time range of the alarm list, its export, the operation log and day or hour data (SPEC.md §9). */
export const RANGE_MAX_DAYS = 30;
/** Longest time range of per-minute data (SPEC.md §9). */
export const MINUTE_RANGE_MAX_DAYS = 7;

/** How finely a range's data is given: per-minute data may span 7 days, coarser data 30. */
export type RangeGranularity = 'minute' | 'hour' | 'day';

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * Milliseconds of an ISO 8601 instant with an offset (`2026-11-20T08:00:00Z`, `…+01:00`), else
 * undefined; a day the calendar does not have (2026-02-30) or a time past 23:59:59 is not one.
 */
export function parseInstant(text: string): number | undefined {
  const parts = ISO_INSTANT.exec(text);
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = parts
    .slice(1)
    .map((part) => Number(part ?? 0));
  const calendar = new Date(Date.UTC(year!, month! - 1, day!));
  const valid =
    calendar.getUTCFullYear() === year &&
    calendar.getUTCMonth() === month! - 1 &&
    calendar.getUTCDate() === day &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    offsetHours! <= 23 &&
    offsetMinutes! <= 59;
  if (!valid) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

export type TimeRange = { fromMs: number; toMs: number };

/**
 * Checks an optional time range `[start, end]`: both absent is no range; one of them alone, a
 * text that is not an ISO 8601 instant with an offset, or a start after the end is 200601; a span
 * over 7 days of per-minute data is 200602; over 30 days of any other data is 200603.
 */
export function checkTimeRange(
  start: string | undefined,
  end: string | undefined,
  granularity: RangeGranularity = 'day',
): { range: TimeRange | undefined } | { refusal: Extract<ErrorCode, '200601' | '200602' | '200603'> } {
  if (start === undefined && end === undefined) return { range: undefined };
  const fromMs = start === undefined ? undefined : parseInstant(start);
  const toMs = end === undefined ? undefined : parseInstant(end);
  if (fromMs === undefined || toMs === undefined || fromMs > toMs) return { refusal: '200601' };
  const spanMs = toMs - fromMs;
  if (granularity === 'minute' && spanMs > MINUTE_RANGE_MAX_DAYS * 86_400_000) return { refusal: '200602' };
  if (spanMs > RANGE_MAX_DAYS * 86_400_000) return { refusal: '200603' };
  return { range: { fromMs, toMs } };
}
