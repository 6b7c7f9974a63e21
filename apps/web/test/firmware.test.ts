import { FIRMWARE_SIGNATURE_FORMAT } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import { publishBody, publishIssues } from '../src/features/firmware/lib/publish-form.ts';
import { chosenFileIds, NO_FILE, riskCounts, taskBody } from '../src/features/firmware/lib/task-form.ts';
import {
  anyTaskMoving,
  byteSize,
  partsWithFiles,
  statusTone,
  taskActs,
  taskDonePercent,
} from '../src/features/firmware/lib/task-view.ts';

describe('the upgrade screens’ rules', () => {
  it('allows pause, resume and cancel by the task’s state', () => {
    expect(taskActs('running')).toEqual({ pause: true, resume: false, cancel: true });
    expect(taskActs('scheduled')).toEqual({ pause: true, resume: false, cancel: true });
    expect(taskActs('paused')).toEqual({ pause: false, resume: true, cancel: true });
    expect(taskActs('completed')).toEqual({ pause: false, resume: false, cancel: false });
    expect(taskActs('cancelled')).toEqual({ pause: false, resume: false, cancel: false });
  });

  it('asks the list again only while a task runs or waits for its start', () => {
    expect(anyTaskMoving([{ state: 'completed' }, { state: 'paused' }])).toBe(false);
    expect(anyTaskMoving([{ state: 'completed' }, { state: 'scheduled' }])).toBe(true);
  });

  it('tones the SPEC §4 statuses: 0 waiting, 1 in progress, 2 completed, 3–9 failures', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((status) => statusTone(status as never))).toEqual([
      'waiting',
      'active',
      'done',
      ...Array(7).fill('failed'),
    ]);
  });

  it('counts a task done by its finished rows', () => {
    const counts = { total: 8, queued: 2, by_status: {}, succeeded: 3, failed: 2, cancelled: 1 };
    expect(taskDonePercent(counts)).toBe(75);
    expect(taskDonePercent({ ...counts, total: 0 })).toBe(0);
  });

  it('says sizes in powers of 1024', () => {
    expect(byteSize(512, 'en')).toBe('512 B');
    expect(byteSize(2048, 'en')).toBe('2 KB');
    expect(byteSize(16 * 1024 * 1024 + 300_000, 'en')).toBe('16 MB');
    expect(byteSize(1536 * 1024, 'en')).toBe('1.5 MB');
  });

  it('lists the parts with files in the parts’ order', () => {
    expect(partsWithFiles([{ part: 'PCS' }, { part: 'ARM' }, { part: 'PCS' }])).toEqual(['ARM', 'PCS']);
  });
});

describe('the publish form', () => {
  const sha256 = 'c'.repeat(64);
  const signature = JSON.stringify({
    format: FIRMWARE_SIGNATURE_FORMAT,
    sha256,
    size_bytes: 100,
    key_id: '0123456789abcdef',
    signature: `${'A'.repeat(86)}==`,
  });
  const values = {
    upload_id: '8f9e0d1c-2b3a-4c5d-8e6f-7a8b9c0d1e2f',
    signature,
    model_id: 2,
    part: 'ARM' as const,
    name: ' hx6k ',
    version: 'V2.2.0',
    min_version: ' ',
    notes: { en: ' Faster ', pl: '' },
  };

  it('sends the notes typed and no empty minimum version', () => {
    expect(publishBody(values)).toEqual({
      upload_id: values.upload_id,
      signature,
      model_id: 2,
      part: 'ARM',
      name: 'hx6k',
      version: 'V2.2.0',
      min_version: undefined,
      notes: { en: 'Faster' },
    });
  });

  it('refuses a signature file of another image, or none at all', () => {
    expect(publishIssues(values, { sha256, size_bytes: 100 }).size).toBe(0);
    expect(publishIssues(values, { sha256, size_bytes: 101 }).get('signature')).toBe(
      'validation.firmwareNotSigned',
    );
    expect(publishIssues({ ...values, signature: 'not json' }, undefined).get('signature')).toBe(
      'validation.firmwareSignatureInvalid',
    );
    const empty = publishIssues({}, undefined);
    expect(empty.get('upload_id')).toBe('validation.firmwareUploadMissing');
    expect(empty.get('signature')).toBe('validation.firmwareSignatureRequired');
    expect(empty.get('version')).toBe('validation.firmwareVersion');
  });
});

describe('the new task form', () => {
  it('sends the files chosen, none for a part left as it is, and the rollout', () => {
    const values = {
      files: { ARM: 11, DSP: NO_FILE },
      start: 'now' as const,
      canary_size: 2,
      batch_size: null,
    };
    expect(chosenFileIds(values)).toEqual([11]);
    expect(taskBody(values, ['A', 'B'], true)).toEqual({
      name: undefined,
      sns: ['A', 'B'],
      file_ids: [11],
      start_at: undefined,
      canary_size: 2,
      batch_size: 10,
      failure_threshold_pct: 20,
      confirm_downgrade: true,
    });
  });

  it('counts the devices the chosen files would downgrade', () => {
    const file = (file_id: number, downgrades: number, below_minimum: number) =>
      ({ file_id, downgrades, below_minimum }) as never;
    const choices = { files: [file(1, 3, 0), file(2, 1, 2)] } as never;
    expect(riskCounts(choices, [1, 2])).toEqual({ downgrades: 3, belowMinimum: 2 });
    expect(riskCounts(choices, [])).toEqual({ downgrades: 0, belowMinimum: 0 });
  });
});
