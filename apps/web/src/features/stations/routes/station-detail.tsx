import { Outlet } from 'react-router';

/** /station-detail: parent of the three detail screens, chosen by station type (PRODUCT.md §4). */
export function StationDetailRoute() {
  return <Outlet />;
}
