/**
 * What the portal's frame uses of the fleet dashboard: the "data statistics" menu entry's action.
 * The dashboard itself is a route of its own (app/routes.tsx), loaded with its code and texts.
 */
export { openStatisticsDashboard } from './api/open-dashboard.ts';
