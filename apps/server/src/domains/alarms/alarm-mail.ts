import type { AlarmItem } from '@helio/contracts';
import type { FaultSeverity } from '@helio/contracts/device-link';
import { escapeHtml } from '../../platform/mail/compose.ts';
import type { OutgoingMail } from '../../platform/mail/mailer.ts';
import { alarmTexts, type FaultTextOf, localTime } from './alarm-texts.ts';
import type { Recipient } from './notification-settings.ts';

/** What the alarm mail tells about the alarm. */
export type MailedAlarm = Pick<
  AlarmItem,
  'code' | 'part' | 'raised_at' | 'sn' | 'station_name' | 'timezone' | 'device_type'
> & { severity: FaultSeverity };

/** The mail about an alarm that opened, in the recipient's language. */
export function alarmMail(
  recipient: Recipient,
  alarm: MailedAlarm,
  fault: FaultTextOf,
  quietMinutes: number,
): OutgoingMail {
  const texts = alarmTexts[recipient.language];
  const severity = texts.severity[alarm.severity];
  const facts: [string, string][] = [
    [texts.headings.station, alarm.station_name],
    [
      texts.headings.sn,
      `${alarm.sn} (${texts.deviceType[alarm.device_type as keyof typeof texts.deviceType]})`,
    ],
    [
      texts.headings.fault,
      `${fault.name} (${texts.headings.code} ${alarm.code}${alarm.part ? `, ${alarm.part}` : ''})`,
    ],
    [texts.headings.severity, severity],
    [texts.mail.started, `${localTime(alarm.raised_at, alarm.timezone)} (${alarm.timezone})`],
  ];
  const sections: [string, string | null][] = [
    [texts.mail.details, fault.details],
    [texts.mail.cause, fault.cause],
    [texts.mail.advice, fault.advice],
  ];
  const lines = [
    texts.mail.greeting(recipient.userName),
    '',
    texts.mail.opened,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    ...sections.flatMap(([label, text]) => (text ? ['', `${label}:`, text] : [])),
    '',
    quietMinutes > 0 ? texts.mail.quiet(quietMinutes) : '',
    texts.mail.settings,
    '',
    texts.mail.signature,
  ].filter((line, index, all) => !(line === '' && all[index - 1] === ''));
  const html = [
    `<p>${escapeHtml(texts.mail.greeting(recipient.userName))}</p>`,
    `<p>${escapeHtml(texts.mail.opened)}</p>`,
    `<table style="border-collapse:collapse">${facts
      .map(
        ([label, value]) =>
          `<tr><td style="padding:2px 12px 2px 0;color:#6b7280">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`,
    ...sections.map(([label, text]) =>
      text ? `<p style="margin:12px 0 0"><b>${escapeHtml(label)}</b><br>${escapeHtml(text)}</p>` : '',
    ),
    quietMinutes > 0 ? `<p style="color:#6b7280">${escapeHtml(texts.mail.quiet(quietMinutes))}</p>` : '',
    `<p style="color:#6b7280">${escapeHtml(texts.mail.settings)}</p>`,
    `<p>${escapeHtml(texts.mail.signature)}</p>`,
  ].join('\n');
  return {
    to: recipient.email,
    subject: texts.mail.subject(severity, fault.name, alarm.sn, alarm.station_name),
    text: lines.join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:640px">${html}</body></html>`,
  };
}
