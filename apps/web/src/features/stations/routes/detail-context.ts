import type { StationItem } from '@helio/contracts';
import { useOutletContext } from 'react-router';

/** What the detail frame hands to the screen of the station's type. */
export interface DetailContext {
  station: StationItem | undefined;
}

/** The station the detail frame loaded, for its child screens; undefined without `?station_id`. */
export function useDetailStation(): StationItem | undefined {
  return useOutletContext<DetailContext | undefined>()?.station;
}
