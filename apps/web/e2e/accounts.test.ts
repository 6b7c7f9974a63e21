import { user } from '@helio/contracts';
import enMessages from '@helio/contracts/error-messages/en';
import zhMessages from '@helio/contracts/error-messages/zh-CN';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import enValidation from '../../../packages/contracts/src/validation/messages/en.ts';
import enAccounts from '../src/locales/accounts/en.json' with { type: 'json' };
import zhAccounts from '../src/locales/accounts/zh-CN.json' with { type: 'json' };
import enMain from '../src/locales/en.json' with { type: 'json' };
import enMessageTexts from '../src/locales/messages/en.json' with { type: 'json' };
import { expectAccessible } from './support/axe.ts';
import { chooseFromAccountMenu, launchChromium, signIn } from './support/browser.ts';
import { readMail } from './support/mailbox.ts';

const en = { ...enMain, ...enAccounts, ...enMessageTexts };
/** How long a screen may take to load its code, texts and data. */
const LOADED = { timeout: 10_000 };
const baseUrl = inject('baseUrl');
/** The database lives for the whole e2e run: every account made here gets a name of its own. */
const run = Date.now().toString(36);
let serial = 0;
function unique(prefix: string): { name: string; email: string } {
  const name = `${prefix}_${run}_${++serial}`;
  return { name, email: `${name.replaceAll('_', '-')}@helio.invalid` };
}

const installer = { name: 'e2e_installer', password: 'installer-pass-1' };

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});
afterEach(() => context.close());

/** Registers an end user through the API, for journeys that are not about registering. */
async function registerAccount(password: string, prefix = 'e2e_user') {
  const account = unique(prefix);
  const answer = await fetch(`${baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      user_name: account.name,
      email: account.email,
      pwd: password,
      pwd_again: password,
      role_id: 2,
    }),
  });
  expect(((await answer.json()) as { code: number }).code).toBe(1);
  return account;
}

async function signInAndWait(userName: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await signIn(page, userName, password);
  await page.getByTestId('app-layout').waitFor();
}

async function fillUserDialog(
  values: Partial<Record<'user_name' | 'email' | 'pwd' | 'pwd_again' | 'old_pwd', string>>,
) {
  for (const [field, value] of Object.entries(values)) {
    await page.getByTestId(`user-dialog-${field}`).fill(value);
  }
}

/** True while `locator` is the focused element. */
function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** The row of the accounts table showing `userName`. */
function accountRow(userName: string): Locator {
  const nameCell = page.locator('.account-name', { hasText: new RegExp(`^${userName}$`) });
  return page.locator('tr.ant-table-row', { has: nameCell });
}

/** The six digits of the newest code mailed to `to` since `since`. */
async function mailedCode(to: string, since: Date): Promise<string> {
  const mail = await readMail(to, since);
  const code = mail.text.match(/^\s*(\d{6})\s*$/m)?.[1];
  expect(code, mail.text).toMatch(/^\d{6}$/);
  return code ?? '';
}

/** A text with its {{placeholders}} filled. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replaceAll(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/**
 * The problem shown under a field of the open dialog (the dialog also says it aloud from a hidden
 * alert region, which this leaves out).
 */
function fieldProblem(text: string): Locator {
  return page.locator('.ant-form-item-explain-error', { hasText: text });
}

async function confirmDelete(userName: string): Promise<void> {
  await accountRow(userName).getByTestId('account-delete').click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: userName });
  await confirm.getByRole('button', { name: en.users.deleteConfirm }).click();
}

describe('registering', () => {
  it('a visitor registers as an end user from the login page, then signs in with it', async () => {
    const account = unique('e2e_reg');
    const password = 'register-pass-1';
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('register-link').click();
    await page.getByTestId('user-dialog').waitFor();
    await expectAccessible(page, 'sign-up dialog');

    // The shared rules check the form before anything is sent.
    const dialog = page.getByTestId('user-dialog');
    await page.getByTestId('user-dialog-submit').click();
    await fieldProblem(enValidation['validation.userNameRequired']).waitFor();
    await fieldProblem(enValidation['validation.emailRequired']).waitFor();
    // said aloud too
    expect(
      await dialog.getByRole('alert').filter({ hasText: enValidation['validation.emailRequired'] }).count(),
    ).toBe(1);
    await expectAccessible(page, 'sign-up dialog with its problems');
    // The login form behind was left alone: no complaint about its empty fields.
    expect(
      await page.locator('.login-form').getByText(enValidation['validation.userNameRequired']).count(),
    ).toBe(0);
    await fillUserDialog({
      user_name: account.name,
      email: account.email,
      pwd: password,
      pwd_again: 'other-pass',
    });
    await page.getByTestId('user-dialog-submit').click();
    await fieldProblem(enValidation['validation.passwordsDiffer']).waitFor();

    // A taken user name is refused by the server and shown.
    await fillUserDialog({ user_name: installer.name, pwd_again: password });
    await page.getByTestId('user-dialog-submit').click();
    await page.getByText(enMessages['1003']).first().waitFor();

    await fillUserDialog({ user_name: account.name });
    await page.getByTestId('user-dialog-submit').click();
    await page.getByText(en.userDialog.registered).waitFor();
    await page.getByTestId('user-dialog').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('login-username').inputValue()).toBe(account.name);

    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('app-layout').waitFor();
    await expect.poll(() => page.getByTestId('sidebar').textContent()).toContain(en.menu.dashboard);
    expect(await page.getByTestId('sidebar').textContent()).not.toContain(en.menu.myUser);
    expect(await page.evaluate(() => localStorage.getItem('roleId'))).toBe('2');
    // End users have no user management, even by address.
    await page.goto(`${baseUrl}/myUser/myUser`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });
});

describe('retrieving a password', () => {
  it('a mailed code sets a new password; the mail follows the Chinese interface', async () => {
    const oldPassword = 'forgot-old-1';
    const newPassword = 'forgot-new-1';
    const account = await registerAccount(oldPassword, 'e2e_forgot');
    await page.goto(`${baseUrl}/login`);
    await page.evaluate(() => localStorage.setItem('curLang', 'zh-CN'));
    await page.reload();
    await page.getByTestId('forgot-password-link').click();
    await page.getByTestId('forgot-dialog').waitFor();
    await expectAccessible(page, 'forgot-password dialog');

    const since = new Date(Date.now() - 1000);
    await page.getByTestId('forgot-email').fill(account.email);
    await page.getByTestId('forgot-send-code').click();
    const sendButton = page.getByTestId('forgot-send-code');
    // A visible countdown, the button disabled meanwhile.
    await expect.poll(() => sendButton.isDisabled()).toBe(true);
    const before = Number((await sendButton.textContent())?.match(/\d+/)?.[0]);
    expect(before).toBeGreaterThan(50);
    expect(before).toBeLessThanOrEqual(60);
    await page.getByTestId('forgot-code-sent').waitFor();
    await expectAccessible(page, 'forgot-password dialog, code sent');

    const mail = await readMail(account.email, since);
    expect(mail.subject).toBe('Helio 密码重置验证码');
    const code = mail.text.match(/^\s+(\d{6})\s*$/m)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code is refused.
    const wrong = code === '000000' ? '000001' : '000000';
    await page.getByTestId('forgot-code').fill(wrong);
    await page.getByTestId('forgot-password').fill(newPassword);
    await page.getByTestId('forgot-password_again').fill(newPassword);
    await page.getByTestId('forgot-submit').click();
    await page.getByText(zhMessages['200913']).first().waitFor();
    await expectAccessible(page, 'forgot-password dialog, code refused');

    await page.getByTestId('forgot-code').fill(code ?? '');
    await page.getByTestId('forgot-submit').click();
    await page.getByText(zhAccounts.forgotPassword.done).waitFor();
    await page.getByTestId('forgot-dialog').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('login-username').inputValue()).toBe(account.email);

    await page.getByTestId('login-username').fill(account.name);
    await page.getByTestId('login-password').fill(oldPassword);
    await page.getByTestId('login-submit').click();
    await page.getByText(zhMessages['1002']).waitFor();
    await page.getByTestId('login-password').fill(newPassword);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('app-layout').waitFor();
  });
});

describe('managing accounts', () => {
  it('an installer adds a sub-installer and an end user under it, and cannot delete a holding account', async () => {
    const sub = unique('e2e_sub');
    const endUser = unique('e2e_end');
    await signInAndWait(installer.name, installer.password);
    await page.getByTestId('menu-myUser').click();
    await page.waitForURL((url) => url.pathname === '/myUser/myUser');
    await page.getByTestId('accounts-table').waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'users list');

    // Mode 2: a sub-installer, one level below the level-1 installer.
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-dialog').waitFor();
    await expectAccessible(page, 'add user dialog');
    await page.getByTestId('user-dialog-role-installer').click();
    await fillUserDialog({
      user_name: sub.name,
      email: sub.email,
      pwd: 'sub-pass-1',
      pwd_again: 'sub-pass-1',
    });
    await page.keyboard.press('Enter');
    await page.getByText(en.userDialog.added).waitFor();
    await page.getByTestId('user-dialog').waitFor({ state: 'hidden' });

    // Mode 3: an end user under that sub-installer.
    await page.getByTestId('users-add-under').click();
    await page.getByTestId('user-dialog').waitFor();
    await expectAccessible(page, 'add user under an installer dialog');
    await page.getByTestId('user-dialog-installer_id').click();
    await page.keyboard.type(sub.name);
    await page.locator('.ant-select-item-option', { hasText: sub.name }).click();
    await fillUserDialog({
      user_name: endUser.name,
      email: endUser.email,
      pwd: 'end-pass-1',
      pwd_again: 'end-pass-1',
    });
    await page.getByTestId('user-dialog-submit').click();
    await page.getByText(en.userDialog.added).first().waitFor();
    await page.getByTestId('user-dialog').waitFor({ state: 'hidden' });

    // Both are listed with their level and parent.
    await page.getByTestId('users-search').locator('input').fill(run);
    await accountRow(endUser.name).waitFor();
    const subRow = accountRow(sub.name);
    expect(await subRow.getByTestId('account-role').textContent()).toBe(
      en.users.roleInstallerLevel.replace('{{level}}', '2'),
    );
    expect(await subRow.getByTestId('account-installer').textContent()).toBe(
      en.users.installerSelf.replace('{{name}}', installer.name),
    );
    const endRow = accountRow(endUser.name);
    expect(await endRow.getByTestId('account-role').textContent()).toBe(en.users.roleEndUser);
    expect(await endRow.getByTestId('account-installer').textContent()).toBe(sub.name);

    // The tree view nests the end user under the sub-installer.
    await page.getByText(en.users.viewTree, { exact: true }).click();
    await page.locator('tr.ant-table-row-level-1', { hasText: endUser.name }).waitFor();
    expect(await page.locator('tr.ant-table-row-level-0', { hasText: sub.name }).count()).toBe(1);
    await expectAccessible(page, 'users tree');
    await page.getByText(en.users.viewList, { exact: true }).click();

    // A sub-installer that still holds an end user cannot be deleted.
    await accountRow(sub.name).getByTestId('account-delete').click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: sub.name });
    await confirm.waitFor();
    await expectAccessible(page, 'delete confirmation');
    await confirm.getByRole('button', { name: en.users.deleteConfirm }).click();
    await page.getByText(enMessages['4005']).waitFor();
    expect(await accountRow(sub.name).count()).toBe(1);

    // Once it holds nothing, it can.
    await confirmDelete(endUser.name);
    await accountRow(endUser.name).waitFor({ state: 'detached' });
    await confirmDelete(sub.name);
    await accountRow(sub.name).waitFor({ state: 'detached' });
    await page.getByTestId('accounts-empty').waitFor();
  });

  it('an installer edits an account of its tree, prefilled with its details; a new email takes effect with its code', async () => {
    const account = unique('e2e_edit');
    const renamed = unique('e2e_renamed');
    await signInAndWait(installer.name, installer.password);
    await page.goto(`${baseUrl}/myUser/myUser`);
    await page.getByTestId('users-add').click();
    await fillUserDialog({
      user_name: account.name,
      email: account.email,
      pwd: 'edit-pass-1',
      pwd_again: 'edit-pass-1',
    });
    await page.getByTestId('user-dialog-submit').click();
    await page.getByTestId('user-dialog').waitFor({ state: 'hidden' });

    await accountRow(account.name).getByTestId('account-edit').click();
    const nameField = page.getByTestId('user-dialog-user_name');
    await expect.poll(() => nameField.inputValue()).toBe(account.name);
    expect(await page.getByTestId('user-dialog-email').inputValue()).toBe(account.email);
    await expectAccessible(page, 'edit account dialog');
    await nameField.fill(renamed.name);
    await page.getByTestId('user-dialog-submit').click();
    await page.getByText(en.userDialog.saved).waitFor();
    await accountRow(renamed.name).waitFor();
    // The installer's own name in the top bar is untouched.
    expect(await page.getByTestId('user-menu').textContent()).toContain(installer.name);

    // A new email takes effect only with the code mailed to it; until then the old one stays.
    const since = new Date(Date.now() - 1000);
    await accountRow(renamed.name).getByTestId('account-edit').click();
    await expect.poll(() => page.getByTestId('user-dialog-email').inputValue(), LOADED).toBe(account.email);
    await page.getByTestId('user-dialog-email').fill(renamed.email);
    await page.getByTestId('user-dialog-submit').click();
    const intro = page.getByTestId('email-code-intro');
    await intro.waitFor();
    await expectAccessible(page, 'email code dialog');
    expect(await intro.textContent()).toBe(
      fill(en.userDialog.emailCode.intro, { email: renamed.email, current: account.email }),
    );
    const code = await mailedCode(renamed.email, since);
    // The old address is told.
    expect((await readMail(account.email, since)).text).toContain(renamed.email);
    // Later: the list still shows the old address, and editing again offers to enter the code.
    await page.getByTestId('email-code-later').click();
    await page.getByTestId('email-code-dialog').waitFor({ state: 'hidden' });
    // the code's step took the edit dialog's place: focus still goes back to the edit button
    await expect.poll(() => hasFocus(accountRow(renamed.name).getByTestId('account-edit'))).toBe(true);
    expect(await accountRow(renamed.name).textContent()).toContain(account.email);
    await accountRow(renamed.name).getByTestId('account-edit').click();
    const pending = page.getByTestId('user-dialog-email-pending');
    await pending.waitFor(LOADED);
    await expectAccessible(page, 'edit account dialog, email waiting for its code');
    expect(await pending.textContent()).toContain(fill(en.userDialog.emailPending, { email: renamed.email }));
    await page.getByTestId('user-dialog-enter-code').click();
    await page.getByTestId('email-code-dialog').waitFor();
    // The code is checked by its rule first, then by the server.
    await page.getByTestId('email-code').fill('12ab');
    await page.getByTestId('email-code-confirm').click();
    await fieldProblem(enValidation['validation.verificationCode']).waitFor();
    await expectAccessible(page, 'email code dialog with its problem');
    await page.getByTestId('email-code').fill(code === '000000' ? '000001' : '000000');
    await page.getByTestId('email-code-confirm').click();
    await page.getByText(enMessages['200913']).first().waitFor();
    // A new code so soon is refused by the server's resend rule, in words.
    await page.getByTestId('email-code-resend').click();
    await page.getByText(enMessages['200911']).first().waitFor();
    await page.getByTestId('email-code').fill(code);
    await page.keyboard.press('Enter');
    await page.getByText(fill(en.userDialog.emailCode.confirmed, { email: renamed.email })).waitFor();
    await page.getByTestId('email-code-dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => accountRow(renamed.name).textContent(), LOADED).toContain(renamed.email);

    await confirmDelete(renamed.name);
    await accountRow(renamed.name).waitFor({ state: 'detached' });
  });
});

describe('inviting an end user', () => {
  it('an installer invites a self-registered end user, who accepts after reading what it means; the account then joins the installer’s list', async () => {
    const password = 'invited-pass-1';
    const invited = await registerAccount(password, 'e2e_inv');
    const sent = fill(en.users.inviteSent, { days: user.INVITATION_VALID_DAYS });

    await signInAndWait(installer.name, installer.password);
    await page.goto(`${baseUrl}/myUser/myUser`);
    await page.getByTestId('users-invite').click();
    await page.getByTestId('invite-dialog').waitFor();
    await expectAccessible(page, 'invite dialog');
    await page.getByTestId('invite-user_name').fill(invited.email);
    await page.getByTestId('invite-submit').click();
    await expect.poll(() => page.getByTestId('invite-sent').textContent(), LOADED).toBe(sent);
    await expectAccessible(page, 'invite dialog, sent');
    // A name no account has gets the very same answer: the installer learns nothing from it.
    await page.getByTestId('invite-another').click();
    await page.getByTestId('invite-user_name').fill(`nobody_${run}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('invite-sent').textContent(), LOADED).toBe(sent);
    await page.getByTestId('invite-close').click();
    await page.getByTestId('invite-dialog').waitFor({ state: 'hidden' });

    // The end user finds the invitation in the messages and accepts it after the confirmation.
    const userContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const userPage = await userContext.newPage();
      await userPage.goto(`${baseUrl}/login`);
      await signIn(userPage, invited.name, password);
      await userPage.getByTestId('app-layout').waitFor();
      const invitation = userPage.getByTestId('message-list').locator('li', {
        hasText: fill(en.messages.event.invitation_received.title, { actor: installer.name }),
      });
      // The invitation is written just after the installer's answer.
      await expect
        .poll(async () => {
          await userPage.goto(`${baseUrl}/myLog/myLog`);
          await userPage.getByTestId('message-feed').waitFor();
          return invitation.count();
        }, LOADED)
        .toBe(1);
      await invitation
        .getByRole('button', { name: fill(en.messages.invitation.acceptOf, { actor: installer.name }) })
        .click();
      const confirmation = userPage.getByRole('dialog');
      await confirmation.waitFor();
      expect(await confirmation.textContent()).toContain(
        fill(en.messages.invitation.acceptDescription, { actor: installer.name }),
      );
      await userPage.getByTestId('invitation-accept-confirm').click();
      await userPage.getByText(fill(en.messages.invitation.accepted, { actor: installer.name })).waitFor();
      await expect
        .poll(() => invitation.getByTestId('invitation-state').getAttribute('data-state'), LOADED)
        .toBe('accepted');
      expect(await invitation.getByTestId('invitation-accept').count()).toBe(0);
      // marked read by its own call after the answer: wait for it
      await expect.poll(() => invitation.getAttribute('data-read'), LOADED).toBe('true');
    } finally {
      await userContext.close();
    }

    // The installer is told, and finds the account in its list, under itself.
    await page.goto(`${baseUrl}/myLog/myLog?kind=authorization`);
    await page
      .getByTestId('message-list')
      .locator('li', { hasText: fill(en.messages.event.invitation_accepted.title, { actor: invited.name }) })
      .waitFor(LOADED);
    await page.goto(`${baseUrl}/myUser/myUser`);
    await page.getByTestId('users-search').locator('input').fill(invited.name);
    await accountRow(invited.name).waitFor(LOADED);
    expect(await accountRow(invited.name).getByTestId('account-installer').textContent()).toBe(
      en.users.installerSelf.replace('{{name}}', installer.name),
    );
  });
});

describe('the account menu', () => {
  it('changing the password tells the user, signs out after about 2 s, and the new password works', async () => {
    const oldPassword = 'change-old-1';
    const newPassword = 'change-new-1';
    const account = await registerAccount(oldPassword, 'e2e_change');
    await signInAndWait(account.name, oldPassword);

    await chooseFromAccountMenu(page, 'menu-change-password', () =>
      page.getByTestId('user-dialog').waitFor({ timeout: 10_000 }),
    );
    await expectAccessible(page, 'change password dialog');
    await fillUserDialog({ old_pwd: 'not-my-password', pwd: newPassword, pwd_again: newPassword });
    await page.getByTestId('user-dialog-submit').click();
    await page.getByText(enMessages['200104']).first().waitFor();
    await expectAccessible(page, 'change password dialog, old password refused');

    await fillUserDialog({ old_pwd: oldPassword });
    await page.getByTestId('user-dialog-submit').click();
    await page.getByText(en.userDialog.passwordChanged).waitFor();
    const shown = Date.now();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    const elapsed = Date.now() - shown;
    expect(elapsed).toBeGreaterThan(1200);
    expect(elapsed).toBeLessThan(5000);
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
    // Signing out after the change is quiet: no "session expired".
    await page.waitForTimeout(500);
    expect(await page.getByText(enMessages['1000']).count()).toBe(0);

    await signIn(page, account.name, oldPassword);
    await page.getByText(enMessages['1002']).waitFor();
    await signIn(page, account.name, newPassword);
    await page.getByTestId('app-layout').waitFor();
  });

  it('editing one’s own info is prefilled, the top bar shows the new name, and a new email is confirmed by its code', async () => {
    const password = 'own-info-1';
    const account = await registerAccount(password, 'e2e_own');
    const renamed = unique('e2e_own_new');
    await signInAndWait(account.name, password);

    await chooseFromAccountMenu(page, 'menu-edit-info', () =>
      page.getByTestId('user-dialog').waitFor({ timeout: 10_000 }),
    );
    const nameField = page.getByTestId('user-dialog-user_name');
    await expect.poll(() => nameField.inputValue()).toBe(account.name);
    expect(await page.getByTestId('user-dialog-email').inputValue()).toBe(account.email);
    await expectAccessible(page, 'own info dialog');
    await nameField.fill('x');
    await page.getByTestId('user-dialog-email').focus();
    await fieldProblem(enValidation['validation.userNameLength']).waitFor();
    await nameField.fill(renamed.name);
    await page.getByTestId('user-dialog-submit').click();
    await page.getByText(en.userDialog.saved).waitFor();
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(renamed.name);
    expect(await page.evaluate(() => localStorage.getItem('loginName'))).toBe(renamed.name);

    // One's own new email too waits for the code mailed to it.
    const since = new Date(Date.now() - 1000);
    await chooseFromAccountMenu(page, 'menu-edit-info', () =>
      page.getByTestId('user-dialog').waitFor({ timeout: 10_000 }),
    );
    await expect.poll(() => page.getByTestId('user-dialog-email').inputValue(), LOADED).toBe(account.email);
    await page.getByTestId('user-dialog-email').fill(renamed.email);
    await page.getByTestId('user-dialog-submit').click();
    await page.getByTestId('email-code-dialog').waitFor();
    await page.getByTestId('email-code').fill(await mailedCode(renamed.email, since));
    await page.getByTestId('email-code-confirm').click();
    await page.getByText(fill(en.userDialog.emailCode.confirmed, { email: renamed.email })).waitFor();
    await page.getByTestId('email-code-dialog').waitFor({ state: 'hidden' });
    // focus is back on the account menu's button, from the code's step too
    await expect.poll(() => hasFocus(page.getByTestId('user-menu'))).toBe(true);
    await chooseFromAccountMenu(page, 'menu-edit-info', () =>
      page.getByTestId('user-dialog').waitFor({ timeout: 10_000 }),
    );
    await expect.poll(() => page.getByTestId('user-dialog-email').inputValue(), LOADED).toBe(renamed.email);
    expect(await page.getByTestId('user-dialog-email-pending').count()).toBe(0);
  });

  it('Esc closes a dialog without changing anything and gives focus back to the menu', async () => {
    await signInAndWait(installer.name, installer.password);
    await chooseFromAccountMenu(page, 'menu-change-password', () =>
      page.getByTestId('user-dialog').waitFor({ timeout: 10_000 }),
    );
    await page.keyboard.press('Escape');
    await page.getByTestId('user-dialog').waitFor({ state: 'hidden' });
    // focus is back on the account menu's button, not lost to the page
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('user-menu');
  });
});

describe('the demo account', () => {
  it('sees the read-only banner, and changing its password is refused', async () => {
    await signInAndWait('demo', 'demo123');
    const banner = page.getByTestId('demo-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(en.layout.demoBanner);

    await chooseFromAccountMenu(page, 'menu-change-password', () =>
      page.getByTestId('user-dialog').waitFor({ timeout: 10_000 }),
    );
    await fillUserDialog({ old_pwd: 'demo123', pwd: 'demo-new-1', pwd_again: 'demo-new-1' });
    await page.getByTestId('user-dialog-submit').click();
    await page.getByText(enMessages['9001']).waitFor();
    // Still signed in, the dialog still open.
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByTestId('user-dialog').waitFor();
  });

  it('other accounts see no banner', async () => {
    await signInAndWait(installer.name, installer.password);
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('demo-banner').count()).toBe(0);
  });
});
