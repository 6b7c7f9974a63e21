import { lazy } from 'react';
import { withTexts } from '../../lib/i18n.ts';

/**
 * What other features and the layout use of the messages: the top bar's unread badge (its texts
 * are the layout's), and the dialog asking for access to a device's station, which arrives with
 * its code and texts when first opened (from the device registration, after 2001).
 */
export { UnreadBell } from './components/unread-bell.tsx';
export const RequestAccessDialog = lazy(
  withTexts('messages', () =>
    import('./components/request-access-dialog.tsx').then((m) => ({ default: m.RequestAccessDialog })),
  ),
);
export type { RequestAccessDialogProps } from './components/request-access-dialog.tsx';
