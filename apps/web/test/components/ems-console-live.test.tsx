import { ems5000 } from '@helio/contracts';
import { emsStateCode } from '@helio/contracts/device-link';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmsConsole } from '../../src/features/ems5000/index.ts';
import { answerConsole, EMS_SN, STATION_ID, systemData, ZONE } from './support/ems-fixtures.ts';
import { fakeApi } from './support/fake-api.ts';
import { liveStream } from './support/live-stream.ts';
import { renderScreen } from './support/render.tsx';

vi.mock('../../src/lib/echarts.ts', () => import('./support/echarts-recorder.ts'));

/**
 * The console's live stream (api/ems5000/live): read with the session's Token header, it says the
 * console is live, and a new reading fetches the system again at once, so a part's new state shows
 * without waiting for a poll; when the server refuses the stream the console says it refreshes by
 * itself, and keeps working.
 */

describe('the console’s live stream', () => {
  it('is opened with the Token header, says the console is live, and fetches the system again on a new reading', async () => {
    const api = answerConsole(fakeApi());
    const live = liveStream(ems5000.live);
    renderScreen(<EmsConsole stationId={STATION_ID} zone={ZONE} />);
    expect(await screen.findByText('Refreshed every 12 s')).toBeTruthy();
    await waitFor(() => expect(live.headers.length).toBe(1));
    expect(live.headers[0]).toMatchObject({ Token: 'test-token' });

    live.send({ type: 'ready', equ_sn: EMS_SN });
    expect(await screen.findByText('Live')).toBeTruthy();
    const before = api.sent(ems5000.sysIndex).length;

    // the EMS islanded: the STS reports it, and the console shows it at once
    const islanded = systemData();
    islanded.parts = islanded.parts.map((part) =>
      part.part === 'sts' ? { ...part, state: emsStateCode('sts', 'island') } : part,
    );
    api.answer(ems5000.sysIndex, islanded);
    live.send({ type: 'reading', updated_at: '2026-11-24T10:05:00Z' });
    await waitFor(() => expect(api.sent(ems5000.sysIndex).length).toBeGreaterThan(before));
    const card = await screen.findByTestId('ems-card-sts');
    await waitFor(() => expect(within(card).getByText('Island')).toBeTruthy());
  });

  it('says the console refreshes by itself when the stream is refused, and keeps working', async () => {
    answerConsole(fakeApi()).answer(ems5000.live as never, { refuse: '9001' });
    renderScreen(<EmsConsole stationId={STATION_ID} zone={ZONE} />);
    expect(await screen.findByText('Refreshed every 12 s')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'PCS' })).toBeTruthy();
    expect(screen.queryByText('Live')).toBeNull();
  });
});
