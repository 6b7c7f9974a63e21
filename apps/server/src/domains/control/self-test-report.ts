import { isLanguage, type Language } from '@helio/contracts';
import type { SelfTestRow } from '@helio/contracts/device-link';
import type { Database } from '@helio/db';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { JobRunner } from '../../platform/jobs/runner.ts';
import { escapeHtml, paragraphMail } from '../../platform/mail/compose.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { ControlRepository } from './repository.ts';
import { reportOf } from './service.ts';
import { lastAnswer } from './settings-store.ts';

/**
 * The self-test report (SPEC.md §9: "sent by email in about 15 minutes"): a job written when the
 * test starts, due 15 minutes later, mails the requester the result in their language with the
 * measured trip values against the limits as an .xlsx attachment and a link to the result in the
 * portal. A test still running then is looked at again every minute; one that never ended (the
 * device went away) is reported as such once its command expired.
 */

/** From a self-test's start to its report mail. */
export const SELF_TEST_REPORT_DELAY_MS = 15 * 60_000;

interface ReportTexts {
  subject: (sn: string, passed: boolean | null) => string;
  lines: (sn: string, standard: string, outcome: string) => string[];
  passed: string;
  failed: string;
  unfinished: string;
  link: string;
  columns: [string, string, string, string, string, string];
  tests: Record<SelfTestRow['test'], string>;
  yes: string;
  no: string;
}

const testNames = {
  en: {
    ov1: 'Over-voltage stage 1',
    ov2: 'Over-voltage stage 2',
    uv1: 'Under-voltage stage 1',
    uv2: 'Under-voltage stage 2',
    of1: 'Over-frequency stage 1',
    of2: 'Over-frequency stage 2',
    uf1: 'Under-frequency stage 1',
    uf2: 'Under-frequency stage 2',
  },
  'zh-CN': {
    ov1: '过压一段',
    ov2: '过压二段',
    uv1: '欠压一段',
    uv2: '欠压二段',
    of1: '过频一段',
    of2: '过频二段',
    uf1: '欠频一段',
    uf2: '欠频二段',
  },
  pl: {
    ov1: 'Nadnapięcie, stopień 1',
    ov2: 'Nadnapięcie, stopień 2',
    uv1: 'Podnapięcie, stopień 1',
    uv2: 'Podnapięcie, stopień 2',
    of1: 'Nadczęstotliwość, stopień 1',
    of2: 'Nadczęstotliwość, stopień 2',
    uf1: 'Podczęstotliwość, stopień 1',
    uf2: 'Podczęstotliwość, stopień 2',
  },
  cs: {
    ov1: 'Přepětí, stupeň 1',
    ov2: 'Přepětí, stupeň 2',
    uv1: 'Podpětí, stupeň 1',
    uv2: 'Podpětí, stupeň 2',
    of1: 'Nadfrekvence, stupeň 1',
    of2: 'Nadfrekvence, stupeň 2',
    uf1: 'Podfrekvence, stupeň 1',
    uf2: 'Podfrekvence, stupeň 2',
  },
  it: {
    ov1: 'Massima tensione, soglia 1',
    ov2: 'Massima tensione, soglia 2',
    uv1: 'Minima tensione, soglia 1',
    uv2: 'Minima tensione, soglia 2',
    of1: 'Massima frequenza, soglia 1',
    of2: 'Massima frequenza, soglia 2',
    uf1: 'Minima frequenza, soglia 1',
    uf2: 'Minima frequenza, soglia 2',
  },
} satisfies Record<Language, Record<SelfTestRow['test'], string>>;

const texts: Record<Language, ReportTexts> = {
  en: {
    subject: (sn, passed) =>
      `Self-test of ${sn}: ${passed === null ? 'not finished' : passed ? 'passed' : 'failed'}`,
    lines: (sn, standard, outcome) => [
      `The self-test of device ${sn} under ${standard} ${outcome}.`,
      'The attached workbook lists each protection stage: its set limit and trip time against what the device measured.',
    ],
    passed: 'passed',
    failed: 'failed',
    unfinished: 'did not finish: the device did not report a result',
    link: 'See the result in the portal:',
    columns: ['Test', 'Set limit', 'Set trip time (s)', 'Measured', 'Trip time (s)', 'Passed'],
    tests: testNames.en,
    yes: 'yes',
    no: 'no',
  },
  'zh-CN': {
    subject: (sn, passed) => `${sn} 自检：${passed === null ? '未完成' : passed ? '通过' : '未通过'}`,
    lines: (sn, standard, outcome) => [
      `设备 ${sn} 按 ${standard} 的自检${outcome}。`,
      '附件工作簿列出每一段保护：设定限值和动作时间与设备实测值的对比。',
    ],
    passed: '通过',
    failed: '未通过',
    unfinished: '未完成：设备未上报结果',
    link: '在平台查看结果：',
    columns: ['测试项', '设定限值', '设定动作时间 (s)', '实测值', '动作时间 (s)', '通过'],
    tests: testNames['zh-CN'],
    yes: '是',
    no: '否',
  },
  pl: {
    subject: (sn, passed) =>
      `Autotest ${sn}: ${passed === null ? 'niezakończony' : passed ? 'zaliczony' : 'niezaliczony'}`,
    lines: (sn, standard, outcome) => [
      `Autotest urządzenia ${sn} według ${standard}: ${outcome}.`,
      'Załączony skoroszyt podaje każdy stopień zabezpieczenia: nastawę i czas zadziałania wobec wartości zmierzonych przez urządzenie.',
    ],
    passed: 'zaliczony',
    failed: 'niezaliczony',
    unfinished: 'niezakończony: urządzenie nie przesłało wyniku',
    link: 'Wynik w portalu:',
    columns: ['Test', 'Nastawa', 'Nastawiony czas (s)', 'Zmierzono', 'Czas zadziałania (s)', 'Zaliczony'],
    tests: testNames.pl,
    yes: 'tak',
    no: 'nie',
  },
  cs: {
    subject: (sn, passed) =>
      `Autotest ${sn}: ${passed === null ? 'nedokončen' : passed ? 'úspěšný' : 'neúspěšný'}`,
    lines: (sn, standard, outcome) => [
      `Autotest zařízení ${sn} podle ${standard}: ${outcome}.`,
      'Přiložený sešit uvádí každý stupeň ochrany: nastavenou mez a čas vypnutí proti hodnotám naměřeným zařízením.',
    ],
    passed: 'úspěšný',
    failed: 'neúspěšný',
    unfinished: 'nedokončen: zařízení nenahlásilo výsledek',
    link: 'Výsledek na portálu:',
    columns: ['Test', 'Nastavená mez', 'Nastavený čas (s)', 'Naměřeno', 'Čas vypnutí (s)', 'Vyhovuje'],
    tests: testNames.cs,
    yes: 'ano',
    no: 'ne',
  },
  it: {
    subject: (sn, passed) =>
      `Autotest di ${sn}: ${passed === null ? 'non concluso' : passed ? 'superato' : 'non superato'}`,
    lines: (sn, standard, outcome) => [
      `L'autotest del dispositivo ${sn} secondo ${standard}: ${outcome}.`,
      'La cartella allegata elenca ogni soglia di protezione: limite e tempo di intervento impostati contro i valori misurati dal dispositivo.',
    ],
    passed: 'superato',
    failed: 'non superato',
    unfinished: 'non concluso: il dispositivo non ha inviato un risultato',
    link: 'Il risultato nel portale:',
    columns: [
      'Prova',
      'Limite impostato',
      'Tempo impostato (s)',
      'Misurato',
      'Tempo di intervento (s)',
      'Superata',
    ],
    tests: testNames.it,
    yes: 'sì',
    no: 'no',
  },
};

/** The report's workbook: one row per protection stage. */
export async function reportWorkbook(rows: readonly SelfTestRow[], language: Language): Promise<Buffer> {
  const text = texts[language];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Self-test');
  sheet.addRow(text.columns);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows)
    sheet.addRow([
      text.tests[row.test],
      row.limit,
      row.limit_s,
      row.measured,
      row.trip_s,
      row.pass ? text.yes : text.no,
    ]);
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 30 : 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function selfTestReports(options: {
  db: Database;
  repo: ControlRepository;
  jobs: JobRunner;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The portal's address as users open it, for the link to the result. */
  portalUrl: string;
}) {
  const { repo, clock } = options;
  const job = options.jobs.register<{ command_id: string; user_id: number }>({
    name: 'control.self-test-report',
    maxAttempts: 5,
    async run({ command_id: commandId, user_id: userId }) {
      const command = await repo.command(commandId);
      const requester = await repo.requester(userId);
      if (!command || !requester) return;
      const finished =
        command.state === 'succeeded' || command.state === 'failed' || command.state === 'expired';
      if (!finished) {
        // still running: look again in a minute (the command expires if the device never answers)
        await job.enqueue(
          { command_id: commandId, user_id: userId },
          { runAt: new Date(clock.now().getTime() + 60_000) },
        );
        return;
      }
      const language: Language = isLanguage(requester.language) ? requester.language : 'en';
      const text = texts[language];
      const report = reportOf(command, (await lastAnswer(options.db, command.device_id))?.values);
      const outcome =
        command.state === 'expired' ? text.unfinished : report.passed ? text.passed : text.failed;
      const link = `${options.portalUrl}device/deviceList/detail?device_id=${command.device_id}&tab=settings&report=${commandId}`;
      const mail = paragraphMail(
        requester.email,
        text.subject(command.sn, command.state === 'expired' ? null : report.passed),
        [
          ...text.lines(command.sn, report.grid_standard ?? '—', outcome),
          ...(command.message ? [command.message] : []),
          '',
          text.link,
          link,
        ],
      );
      const rows = report.rows;
      const table = rows
        .map(
          (row) =>
            `<tr><td>${escapeHtml(text.tests[row.test])}</td><td>${row.limit}</td><td>${row.limit_s}</td><td>${row.measured}</td><td>${row.trip_s}</td><td>${row.pass ? text.yes : text.no}</td></tr>`,
        )
        .join('');
      if (rows.length > 0)
        mail.html = mail.html.replace(
          '</body>',
          `<table style="border-collapse:collapse" border="1" cellpadding="4"><tr>${text.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>${table}</table></body>`,
        );
      await options.mailer.send({
        ...mail,
        attachments:
          rows.length > 0
            ? [
                {
                  filename: `self-test-${command.sn}.xlsx`,
                  content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                  base64: (await reportWorkbook(rows, language)).toString('base64'),
                },
              ]
            : [],
      });
      options.log.info({ commandId }, 'self-test report mailed');
    },
  });
  return {
    schedule: (commandId: string, userId: number, runAt: Date) =>
      job.enqueue({ command_id: commandId, user_id: userId }, { runAt }).then(() => undefined),
  };
}
