import type { StationItem } from '@helio/contracts';
import { useRef, useState } from 'react';
import { useNow } from '../../../../hooks/use-now.ts';
import { focusedElement, keepFocusNear } from '../../../../lib/focus.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { zonedToday } from '../../lib/range.ts';
import { stationAccess } from '../../lib/stations.ts';
import { useStationTariff } from './tariff-api.ts';
import { TariffEditor } from './tariff-editor.tsx';
import { TariffSettings } from './tariff-settings.tsx';
import { UsageChart } from './usage-chart.tsx';
import './tariff.css';

/**
 * Peak-valley usage on a station's detail screen (PRODUCT.md §8): the station's tariff and its
 * chart, two sections of the screen sharing the tariff and its editor (the chart's "set the
 * tariff" opens the same editor). Installers and the station's end user may change it; the
 * demo account reads it (the server decides in the end).
 */
export function PeakValley({ station }: { station: StationItem }) {
  const access = stationAccess(useSession());
  const tariff = useStationTariff(station.station_id);
  const now = useNow(60_000);
  const today = zonedToday(station.timezone, now);
  const [editing, setEditing] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const mayEdit = access.canWrite;

  const openEditor = () => {
    opener.current = focusedElement();
    setEditing(true);
  };

  return (
    <>
      <TariffSettings
        ref={editButton}
        view={tariff.data}
        failed={tariff.error}
        onRetry={() => void tariff.refetch()}
        mayEdit={mayEdit}
        onEdit={openEditor}
      />
      <UsageChart
        stationId={station.station_id}
        zone={station.timezone}
        today={today}
        view={tariff.data}
        mayEdit={mayEdit}
        onSetTariff={openEditor}
      />
      {mayEdit && tariff.data && (
        <TariffEditor
          stationId={station.station_id}
          today={today}
          view={tariff.data}
          open={editing}
          onClose={() => setEditing(false)}
          // the chart's "set the tariff" has gone once a tariff is set: the settings' button takes the focus
          afterClose={() => keepFocusNear(() => [opener.current, editButton.current])}
        />
      )}
    </>
  );
}
