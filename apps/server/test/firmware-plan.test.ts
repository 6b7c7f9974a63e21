import { describe, expect, it } from 'vitest';
import { type PlannedRow, rolloutPlan, SILENT_SENT_HOLD_MS } from '../src/domains/firmware/rollout.ts';

/** The rollout's plan on its own: which queued rows go out now, and why the others wait. */

const NOW = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

function row(id: number, stage: number, extra: Partial<PlannedRow> = {}): PlannedRow {
  return {
    id,
    device_id: id,
    station_id: id,
    device_state: 'online',
    stage,
    part: 'ARM',
    state: 'queued',
    updated_at: ago(0),
    ...extra,
  };
}

describe('rolloutPlan', () => {
  it('sends the first open stage only; later stages wait for it', () => {
    const plan = rolloutPlan('running', [row(1, 0, { state: 'sent' }), row(2, 1)], new Set(), NOW);
    expect(plan.send).toEqual([]);
    expect(plan.waiting.get(2)).toBe('stage');
  });

  it('lets an offline device wait without holding the next stage', () => {
    const plan = rolloutPlan('running', [row(1, 0, { device_state: 'offline' }), row(2, 1)], new Set(), NOW);
    expect(plan.waiting.get(1)).toBe('online');
    expect(plan.send.map((item) => item.id)).toEqual([2]);
  });

  it('holds the next stage while a sent device reboots, not once it has been silent too long', () => {
    const rebooting = row(1, 0, { state: 'sent', device_state: 'offline', updated_at: ago(60_000) });
    expect(rolloutPlan('running', [rebooting, row(2, 1)], new Set(), NOW).send).toEqual([]);
    const gone = { ...rebooting, updated_at: ago(SILENT_SENT_HOLD_MS + 1) };
    expect(rolloutPlan('running', [gone, row(2, 1)], new Set(), NOW).send.map((item) => item.id)).toEqual([
      2,
    ]);
  });

  it('keeps a station in its PCS gap waiting, and a PCS row sent now starts the gap for the rows after it', () => {
    const pcs = row(1, 0, { part: 'PCS', station_id: 9 });
    const next = row(2, 0, { station_id: 9 });
    const plan = rolloutPlan('running', [pcs, next], new Set(), NOW);
    expect(plan.send.map((item) => item.id)).toEqual([1]);
    expect(plan.waiting.get(2)).toBe('pcs_gap');
    expect(rolloutPlan('running', [row(3, 0, { station_id: 4 })], new Set([4]), NOW).waiting.get(3)).toBe(
      'pcs_gap',
    );
  });

  it('sends nothing while scheduled or paused, and says so', () => {
    expect(rolloutPlan('scheduled', [row(1, 0)], new Set(), NOW).waiting.get(1)).toBe('start');
    expect(rolloutPlan('paused', [row(1, 0)], new Set(), NOW).send).toEqual([]);
  });
});
