import { withTexts } from '../../lib/i18n.ts';

export { type FieldChecks, useFieldChecks } from './lib/field-checks.tsx';
/**
 * What other features and the app use of user management: the address of its screen, the user
 * dialog (sign-up on the login page; one's own account and password in the top bar's menu),
 * downloaded with its texts when first asked for, and how the account dialogs check their fields
 * (password recovery checks its fields the same way).
 */
export { USER_LIST_PATH } from './lib/paths.ts';
export const loadUserDialog = withTexts('accounts', () => import('./components/user-dialog.tsx'));
