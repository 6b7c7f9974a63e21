import type { PassThrough } from 'node:stream';
import type {
  Language,
  UpgradeRowState,
  UpgradeStatus,
  UpgradeTaskRow,
  UpgradeTaskState,
} from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import type { Downloads, DownloadWriter } from '../../platform/downloads.ts';
import { writeFigureSheet } from '../plant/chart-export.ts';
import type { TaskRow } from './tasks-repository.ts';

/**
 * An upgrade task's .xlsx export: one line per device and file as the task view shows it, the
 * SPEC.md §4 status in words (the web's texts of statuses 0–9), under a header naming the task,
 * its model and state and when it was exported. Built again at download time with the caller's
 * rights then.
 */

interface TaskExportTexts {
  sheet: string;
  task: string;
  model: string;
  taskState: string;
  exported: string;
  headings: {
    sn: string;
    station: string;
    stage: string;
    part: string;
    file: string;
    from: string;
    to: string;
    state: string;
    status: string;
    progress: string;
    message: string;
    sent: string;
    finished: string;
  };
  taskStates: Record<UpgradeTaskState, string>;
  rowStates: Record<UpgradeRowState, string>;
  statuses: Record<UpgradeStatus, string>;
}

export const taskExportTexts: Record<Language, TaskExportTexts> = {
  en: {
    sheet: 'Upgrade task',
    task: 'Task',
    model: 'Model',
    taskState: 'State',
    exported: 'Exported at (UTC)',
    headings: {
      sn: 'Device SN',
      station: 'Station',
      stage: 'Stage',
      part: 'Part',
      file: 'File',
      from: 'From version',
      to: 'To version',
      state: 'State',
      status: 'Status',
      progress: 'Progress (%)',
      message: 'Message',
      sent: 'Sent at (UTC)',
      finished: 'Finished at (UTC)',
    },
    taskStates: {
      scheduled: 'Scheduled',
      running: 'Running',
      paused: 'Paused',
      cancelled: 'Cancelled',
      completed: 'Completed',
    },
    rowStates: {
      queued: 'Queued',
      sent: 'Sent',
      succeeded: 'Succeeded',
      failed: 'Failed',
      cancelled: 'Cancelled',
    },
    statuses: {
      0: 'Waiting',
      1: 'Upgrading',
      2: 'Completed',
      3: 'Failed',
      4: 'CRC error',
      5: 'File check error',
      6: 'Flash write error',
      7: 'Wrong file name',
      8: 'Already on this version',
      9: 'File could not be downloaded',
    },
  },
  'zh-CN': {
    sheet: '升级任务',
    task: '任务',
    model: '型号',
    taskState: '状态',
    exported: '导出时间 (UTC)',
    headings: {
      sn: '设备序列号',
      station: '电站',
      stage: '阶段',
      part: '部件',
      file: '文件',
      from: '原版本',
      to: '目标版本',
      state: '状态',
      status: '升级状态',
      progress: '进度 (%)',
      message: '信息',
      sent: '下发时间 (UTC)',
      finished: '完成时间 (UTC)',
    },
    taskStates: {
      scheduled: '已计划',
      running: '进行中',
      paused: '已暂停',
      cancelled: '已取消',
      completed: '已完成',
    },
    rowStates: {
      queued: '排队中',
      sent: '已下发',
      succeeded: '成功',
      failed: '失败',
      cancelled: '已取消',
    },
    statuses: {
      0: '等待中',
      1: '升级中',
      2: '已完成',
      3: '失败',
      4: 'CRC 校验错误',
      5: '文件校验错误',
      6: 'Flash 写入错误',
      7: '文件名错误',
      8: '已是此版本',
      9: '无法下载文件',
    },
  },
  pl: {
    sheet: 'Zadanie aktualizacji',
    task: 'Zadanie',
    model: 'Model',
    taskState: 'Stan',
    exported: 'Wyeksportowano (UTC)',
    headings: {
      sn: 'Numer seryjny urządzenia',
      station: 'Instalacja',
      stage: 'Etap',
      part: 'Moduł',
      file: 'Plik',
      from: 'Z wersji',
      to: 'Do wersji',
      state: 'Stan',
      status: 'Status aktualizacji',
      progress: 'Postęp (%)',
      message: 'Komunikat',
      sent: 'Wysłano (UTC)',
      finished: 'Zakończono (UTC)',
    },
    taskStates: {
      scheduled: 'Zaplanowane',
      running: 'W toku',
      paused: 'Wstrzymane',
      cancelled: 'Anulowane',
      completed: 'Zakończone',
    },
    rowStates: {
      queued: 'W kolejce',
      sent: 'Wysłano',
      succeeded: 'Udane',
      failed: 'Nieudane',
      cancelled: 'Anulowane',
    },
    statuses: {
      0: 'Oczekuje',
      1: 'Aktualizacja w toku',
      2: 'Zakończono',
      3: 'Niepowodzenie',
      4: 'Błąd sumy CRC',
      5: 'Błąd weryfikacji pliku',
      6: 'Błąd zapisu pamięci flash',
      7: 'Błędna nazwa pliku',
      8: 'Ta wersja jest już zainstalowana',
      9: 'Nie udało się pobrać pliku',
    },
  },
  cs: {
    sheet: 'Úloha aktualizace',
    task: 'Úloha',
    model: 'Model',
    taskState: 'Stav',
    exported: 'Exportováno (UTC)',
    headings: {
      sn: 'Sériové číslo zařízení',
      station: 'Elektrárna',
      stage: 'Fáze',
      part: 'Modul',
      file: 'Soubor',
      from: 'Z verze',
      to: 'Na verzi',
      state: 'Stav',
      status: 'Stav aktualizace',
      progress: 'Průběh (%)',
      message: 'Zpráva',
      sent: 'Odesláno (UTC)',
      finished: 'Dokončeno (UTC)',
    },
    taskStates: {
      scheduled: 'Naplánováno',
      running: 'Probíhá',
      paused: 'Pozastaveno',
      cancelled: 'Zrušeno',
      completed: 'Dokončeno',
    },
    rowStates: {
      queued: 'Ve frontě',
      sent: 'Odesláno',
      succeeded: 'Úspěšné',
      failed: 'Selhalo',
      cancelled: 'Zrušeno',
    },
    statuses: {
      0: 'Čeká',
      1: 'Probíhá aktualizace',
      2: 'Dokončeno',
      3: 'Selhalo',
      4: 'Chyba CRC',
      5: 'Chyba kontroly souboru',
      6: 'Chyba zápisu do paměti flash',
      7: 'Chybný název souboru',
      8: 'Tato verze už je nainstalována',
      9: 'Soubor se nepodařilo stáhnout',
    },
  },
  it: {
    sheet: 'Attività di aggiornamento',
    task: 'Attività',
    model: 'Modello',
    taskState: 'Stato',
    exported: 'Esportato il (UTC)',
    headings: {
      sn: 'Numero di serie del dispositivo',
      station: 'Impianto',
      stage: 'Fase',
      part: 'Modulo',
      file: 'File del firmware',
      from: 'Dalla versione',
      to: 'Alla versione',
      state: 'Stato',
      status: 'Stato dell’aggiornamento',
      progress: 'Avanzamento (%)',
      message: 'Messaggio',
      sent: 'Inviato il (UTC)',
      finished: 'Terminato il (UTC)',
    },
    taskStates: {
      scheduled: 'Pianificata',
      running: 'In corso',
      paused: 'In pausa',
      cancelled: 'Annullata',
      completed: 'Completata',
    },
    rowStates: {
      queued: 'In coda',
      sent: 'Inviato',
      succeeded: 'Riuscito',
      failed: 'Non riuscito',
      cancelled: 'Annullato',
    },
    statuses: {
      0: 'In attesa',
      1: 'Aggiornamento in corso',
      2: 'Completato',
      3: 'Non riuscito',
      4: 'Errore CRC',
      5: 'Errore di verifica del file',
      6: 'Errore di scrittura della memoria flash',
      7: 'Nome del file errato',
      8: 'Versione già installata',
      9: 'Impossibile scaricare il file',
    },
  },
};

export interface TaskExportParams {
  taskId: number;
  language: Language;
}

/** The task (of the caller's tree) and its rows, as the detail call answers them. */
export type TaskExportSource = (
  caller: Caller,
  taskId: number,
) => Promise<{ task: TaskRow; rows: UpgradeTaskRow[] }>;

/** `2026-06-21T10:00:00.000Z` → `2026-06-21 10:00:00`. */
const utc = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : null);

export function tasksExport(downloads: Downloads, source: TaskExportSource, now: () => Date) {
  async function write(out: PassThrough, caller: Caller, params: TaskExportParams): Promise<void> {
    const { task, rows } = await source(caller, params.taskId);
    const texts = taskExportTexts[params.language];
    const heading = texts.headings;
    await writeFigureSheet(out, {
      name: texts.sheet,
      header: [
        [texts.task, task.name],
        [texts.model, task.model],
        [texts.taskState, texts.taskStates[task.state]],
        [texts.exported, utc(now().toISOString()) ?? ''],
      ],
      widths: [22, 22, 8, 8, 28, 14, 14, 12, 24, 12, 30, 20, 20],
      headings: [
        heading.sn,
        heading.station,
        heading.stage,
        heading.part,
        heading.file,
        heading.from,
        heading.to,
        heading.state,
        heading.status,
        heading.progress,
        heading.message,
        heading.sent,
        heading.finished,
      ],
      rows: rows.map((row) => [
        row.equ_sn,
        row.station_name,
        row.stage,
        row.part,
        row.file_name,
        row.from_version,
        row.version,
        texts.rowStates[row.state],
        row.status === null ? null : texts.statuses[row.status],
        row.progress_pct,
        row.message,
        utc(row.sent_at),
        utc(row.finished_at),
      ]),
    });
  }
  downloads.register('upgrade_task_export', write as DownloadWriter);

  return {
    /** The ticket of an export the call has checked. */
    ticket(caller: Caller, params: TaskExportParams) {
      return downloads.issue(caller, 'upgrade_task_export', params, `upgrade-task-${params.taskId}.xlsx`);
    },
  };
}
