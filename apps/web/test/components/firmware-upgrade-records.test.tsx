import { firmware } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UpgradeRecords } from '../../src/features/devices/components/control/upgrade-records.tsx';
import { expectAccessible } from './support/accessible.ts';
import { SN, UTC } from './support/control-view.ts';
import { fakeApi } from './support/fake-api.ts';
import { upgradeRecord } from './support/firmware-fixtures.ts';
import { renderScreen } from './support/render.tsx';

/**
 * A device's upgrade records (api/setting/system/updateLog): part, file, from → to version, the
 * SPEC §4 status in words (a progress bar while it flashes), where a row not sent yet stands, the
 * device's message, the time and who started it.
 */
describe('the upgrade records', () => {
  it('shows each record with its part, versions, status, progress and who started it', async () => {
    const api = fakeApi().answer(firmware.updateLog, {
      total: 3,
      list: [
        upgradeRecord({
          part: 'DSP',
          file: 'hx6k-dsp-1.4.0',
          from_version: 'V1.3.0',
          version: 'V1.4.0',
          state: 'sent',
          status: 1,
          progress_pct: 30,
        }),
        upgradeRecord({ state: 'failed', status: 4, message: 'CRC mismatch', created_by: 'alice' }),
        upgradeRecord({
          part: 'PCS',
          file: 'hx6k-pcs-3.0.0',
          state: 'queued',
          status: null,
          progress_pct: null,
        }),
      ],
    });
    renderScreen(<UpgradeRecords sn={SN} zone={UTC} />);
    const table = await screen.findByTestId('control-upgrades-table');
    await waitFor(() => expect(table.textContent).toContain('hx6k-dsp-1.4.0'));
    expect(api.sent(firmware.updateLog)[0]?.body).toEqual({ equ_sn: SN, page: 1, page_size: 5 });

    const rows = within(table).getAllByRole('row').slice(1);
    const [flashing, failed, queued] = rows;
    expect(flashing?.textContent).toContain('In progress');
    expect(flashing?.textContent).toContain('V1.3.0 → V1.4.0');
    expect(flashing?.textContent).toContain('DSP');
    const bar = within(flashing!).getByRole('progressbar', { name: 'Upgrade progress of hx6k-dsp-1.4.0' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');

    expect(failed?.textContent).toContain('CRC error');
    expect(failed?.textContent).toContain('CRC mismatch');
    expect(failed?.textContent).toContain('alice');
    expect(within(failed!).queryByRole('progressbar')).toBeNull();

    expect(queued?.textContent).toContain('Not sent yet');
    await expectAccessible(screen.getByTestId('control-upgrades'), 'the upgrade records');
  });

  it('says when the device has no upgrades', async () => {
    fakeApi().answer(firmware.updateLog, { total: 0, list: [] });
    renderScreen(<UpgradeRecords sn={SN} zone={UTC} />);
    expect((await screen.findByTestId('control-upgrades-empty')).textContent).toContain('No upgrades yet');
  });
});
