import type {
  FirmwareFileItem,
  FirmwareModelItem,
  FirmwareSeriesItem,
  UpgradeRecord,
  UpgradeTaskItem,
  UpgradeTaskRow,
} from '@helio/contracts';

/** The firmware screens' catalogue, tasks and records as the portal answers them. */

export const SERIES: FirmwareSeriesItem = {
  series_id: 1,
  name: 'HX hybrid',
  models: 1,
  created_at: '2025-05-01T08:00:00Z',
};

export const MODEL: FirmwareModelItem = {
  model_id: 2,
  series_id: 1,
  series_name: 'HX hybrid',
  name: 'HX6K',
  device_type: 1,
  parts: ['ARM', 'DSP'],
  devices: 12,
  files: 1,
};

export function fileItem(change: Partial<FirmwareFileItem> = {}): FirmwareFileItem {
  return {
    file_id: 9,
    model_id: 2,
    model_name: 'HX6K',
    series_name: 'HX hybrid',
    device_type: 1,
    part: 'ARM',
    name: 'hx6k-arm-2.1.0',
    version: 'V2.1.0',
    min_version: null,
    size_bytes: 1_048_576,
    sha256: 'a'.repeat(64),
    key_id: '0123456789abcdef',
    notes: { en: 'Faster start-up' },
    created_at: '2025-05-20T08:00:00Z',
    created_by: 'operator',
    ...change,
  };
}

export function taskItem(change: Partial<UpgradeTaskItem> = {}): UpgradeTaskItem {
  return {
    task_id: 5,
    name: 'HX6K to 2.2',
    model: 'HX6K',
    files: [{ file_id: 11, part: 'ARM', name: 'hx6k-arm-2.2.0', version: 'V2.2.0' }],
    state: 'running',
    pause_reason: null,
    start_at: '2025-06-01T10:00:00Z',
    canary_size: 1,
    batch_size: 10,
    failure_threshold_pct: 20,
    stage: 0,
    stages: 3,
    devices: 4,
    counts: {
      total: 4,
      queued: 1,
      by_status: { '1': 1, '2': 1, '4': 1 },
      succeeded: 1,
      failed: 1,
      cancelled: 0,
    },
    created_by: 'installer',
    created_at: '2025-06-01T09:55:00Z',
    finished_at: null,
    ...change,
  };
}

export function taskRow(change: Partial<UpgradeTaskRow> = {}): UpgradeTaskRow {
  return {
    equ_sn: 'INV20250001',
    station_name: 'Sunny Hill',
    device_state: 'online',
    stage: 0,
    part: 'ARM',
    file_name: 'hx6k-arm-2.2.0',
    from_version: 'V2.1.0',
    version: 'V2.2.0',
    state: 'sent',
    status: 1,
    progress_pct: 40,
    message: null,
    waiting_for: null,
    sent_at: '2025-06-01T10:00:05Z',
    finished_at: null,
    ...change,
  };
}

export function upgradeRecord(change: Partial<UpgradeRecord> = {}): UpgradeRecord {
  return {
    task_id: 5,
    part: 'ARM',
    file: 'hx6k-arm-2.2.0',
    from_version: 'V2.1.0',
    version: 'V2.2.0',
    state: 'succeeded',
    status: 2,
    progress_pct: 100,
    message: null,
    time: '2025-06-01T10:05:00Z',
    created_by: 'installer',
    ...change,
  };
}
