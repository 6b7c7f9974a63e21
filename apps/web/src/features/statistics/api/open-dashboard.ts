import { statistics } from '@helio/contracts';
import { call } from '../../../lib/api.ts';
import { i18n } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notifier.ts';

/**
 * The "data statistics" menu entry (SPEC.md §2): opens the fleet dashboard in a new tab through a
 * single-use link (api/statistics/ticket), in Chinese for a Chinese interface and in English
 * otherwise. The tab is opened at once, within the click, so that pop-up blockers let it through;
 * it is sent to the link when the link arrives, and closed again if none comes (the API client has
 * then shown why).
 */
export function openStatisticsDashboard(interfaceLanguage: string): void {
  const tab = window.open('', '_blank');
  // The dashboard does not need to reach back into the portal.
  if (tab) tab.opener = null;
  call(statistics.ticket, { language: statistics.dashboardLanguageOf(interfaceLanguage) }).then(
    ({ url }) => {
      const address = new URL(url, window.location.origin).toString();
      // replace(): the link, which works once, does not stay in the new tab's history
      if (tab && !tab.closed) {
        tab.location.replace(address);
        return;
      }
      // the first tab was blocked or closed: one more try, which a blocker may refuse too
      const late = window.open(address, '_blank');
      if (late) late.opener = null;
      else notifyError(i18n.t('menu.dataStatisticsBlocked'), 'statistics-popup');
    },
    () => tab?.close(),
  );
}
