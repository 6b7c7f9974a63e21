import { RoleId, user, userFormSchemas } from '@helio/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { useFormProblems } from '../../../hooks/use-form-problems.ts';
import { call } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { renameSessionUser, useSession } from '../../../lib/session-store.ts';
import { accountInfoQuery, useRefreshAccounts } from '../api/accounts.ts';
import { useFieldChecks } from '../lib/field-checks.tsx';
import {
  creationBody,
  fieldsOfMode,
  textsOfMode,
  type UserDialogMode,
  type UserDialogResult,
  type UserFormValues,
} from '../lib/user-dialog-modes.ts';
import { EmailCodeDialog, type PendingEmailChange } from './email-code-dialog.tsx';
import { InstallerSelect } from './installer-select.tsx';

export type { UserDialogMode, UserDialogResult };

export interface UserDialogProps {
  mode: UserDialogMode;
  open: boolean;
  /** Mode 4: the account of one's tree to edit; one's own info when absent. */
  userId?: number;
  /** Mode 3: the installer chosen in advance (it can still be changed). */
  installerId?: number;
  onClose: () => void;
  /**
   * After the call succeeded and the dialog has said so; the dialog closes itself. Mode 4 with a new
   * email calls it after the edit (the address pending) and again once the code confirmed it.
   */
  onDone?: (result: UserDialogResult) => void;
  /** Once the dialog (or its email-code step) has gone: e.g. to give focus back to what opened it. */
  afterClose?: () => void;
}

/**
 * The user dialog of SPEC.md §4, one component for its five modes. Each mode checks its fields with
 * the shared schema of `@helio/contracts` (when a changed field is left, and on submit: see
 * useFieldChecks) and shows the server's refusals under the fields they concern. Enter submits, Esc
 * closes. In mode 4 a new email takes effect only
 * with the code mailed to it: after saving, or when the account already has an address waiting,
 * the dialog asks for that code (EmailCodeDialog).
 */
export function UserDialog({
  mode,
  open,
  userId,
  installerId,
  onClose,
  onDone,
  afterClose,
}: UserDialogProps) {
  const { t } = useTranslation();
  const session = useSession();
  const [form] = Form.useForm<UserFormValues>();
  const fields = fieldsOfMode[mode];
  const problems = useFormProblems(form, userFormSchemas[mode], fields);
  const checks = useFieldChecks(form);
  const refreshAccounts = useRefreshAccounts();
  const texts = textsOfMode[mode];
  const [emailChange, setEmailChange] = useState<PendingEmailChange | null>(null);
  // The host keeps the dialog between openings: opened again, it starts from the form.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setEmailChange(null);
  }

  const editedId = userId ?? session?.userId;
  const editsOwnInfo = mode === 4 && (userId === undefined || userId === session?.userId);
  const info = useQuery({
    ...accountInfoQuery(editedId ?? 0),
    enabled: open && mode === 4 && editedId !== undefined,
  });
  // Only a first-level installer may add installers (4001, 5001): say so before the server must.
  const ownInfo = useQuery({
    ...accountInfoQuery(session?.userId ?? 0),
    enabled: open && mode === 2 && session !== null,
  });
  const mayAddInstallers = mode !== 2 || (ownInfo.data?.installer_level ?? 1) === 1;

  const submit = useMutation({
    mutationFn: async (values: UserFormValues): Promise<UserDialogResult> => {
      switch (mode) {
        case 1:
          return { mode, account: await call(user.register, creationBody(values)) };
        case 2:
          return { mode, account: await call(user.registerUser, creationBody(values)) };
        case 3:
          return {
            mode,
            account: await call(user.registerUser, {
              ...creationBody(values),
              installer_id: values.installer_id,
            }),
          };
        case 4: {
          const { user_name, email } = userFormSchemas[4].parse(values);
          const body = editsOwnInfo ? { user_name, email } : { user_id: userId, user_name, email };
          return { mode, account: await call(user.edit, body), own: editsOwnInfo };
        }
        case 5: {
          const { old_pwd, pwd, pwd_again } = userFormSchemas[5].parse(values);
          await call(user.changePwd, { old_pwd, pwd, pwd_again });
          return { mode };
        }
      }
    },
    onSuccess: (result) => {
      if (result.mode === 4 && result.own) renameSessionUser(result.account.user_name);
      if (result.mode !== 5) void refreshAccounts();
      if (result.mode === 4 && result.account.email_pending !== null) {
        // The name is saved; the new address waits for its code, which the next step asks for.
        setEmailChange(pendingChange(result.account));
        onDone?.(result);
        return;
      }
      notifySuccess(t(texts.done), 'user-dialog');
      onClose();
      onDone?.(result);
    },
    onError: (error) => {
      problems.showServerProblems(error);
      checks.announce();
    },
  });

  /** The step that confirms a new address, for the account edited. */
  function pendingChange(account: { user_name: string; email: string; email_pending: string | null }) {
    return {
      ...(editsOwnInfo ? {} : { userId }),
      userName: account.user_name,
      current: account.email,
      pending: account.email_pending ?? '',
    };
  }

  if (emailChange) {
    return (
      <EmailCodeDialog
        open={open}
        change={emailChange}
        onClose={onClose}
        afterClose={afterClose}
        onConfirmed={(email) => {
          onClose();
          onDone?.({
            mode: 4,
            account: { user_id: editedId ?? 0, user_name: emailChange.userName, email, email_pending: null },
            own: editsOwnInfo,
          });
        }}
      />
    );
  }

  const loadingInfo = mode === 4 && !info.data;
  const waitingEmail = mode === 4 ? info.data?.email_pending : undefined;
  const has = (field: keyof UserFormValues) => (fields as readonly string[]).includes(field);
  const firstField = fields[0];

  const passwordLabel = mode === 5 ? t('userDialog.newPassword') : t('userDialog.password');

  return (
    <FormDialog<UserFormValues>
      {...checks.formProps}
      form={form}
      name={`account-${mode}`}
      title={t(texts.title)}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      firstField={mode === 5 ? 'old_pwd' : mode === 3 ? undefined : 'user_name'}
      pending={submit.isPending}
      width={480}
      onFinish={(values) => submit.mutate(values)}
      submitText={t(texts.submit)}
      cancelText={t('userDialog.cancel')}
      submitTestId="user-dialog-submit"
      cancelTestId="user-dialog-cancel"
      submitDisabled={loadingInfo}
    >
      <div data-testid="user-dialog" data-mode={mode}>
        {checks.announcer}
        {mode === 4 && info.isError && (
          <Alert type="error" showIcon title={t('userDialog.infoFailed')} className="dialog-alert" />
        )}
        {mode === 4 && loadingInfo && !info.isError && <Skeleton active paragraph={{ rows: 3 }} />}
        {has('installer_id') && (
          <Form.Item
            name="installer_id"
            label={t('userDialog.installer')}
            required
            initialValue={installerId}
            rules={[{ required: true, message: t('userDialog.installerRequired') }]}
            extra={t('userDialog.installerHint')}
          >
            <InstallerSelect
              canAddInstaller
              onBlur={checks.leave('installer_id')}
              placeholder={t('userDialog.installerPlaceholder')}
              data-testid="user-dialog-installer_id"
            />
          </Form.Item>
        )}
        {has('role_id') && (
          <Form.Item
            name="role_id"
            label={mode === 1 ? t('userDialog.registerAs') : t('userDialog.role')}
            initialValue={RoleId.endUser}
            extra={mayAddInstallers ? undefined : t('userDialog.installersOnlyLevelOne')}
          >
            <Radio.Group>
              <Radio value={RoleId.endUser}>
                <span data-testid="user-dialog-role-end-user">{t('userDialog.roleEndUser')}</span>
              </Radio>
              <Radio value={RoleId.installer} disabled={!mayAddInstallers}>
                <span data-testid="user-dialog-role-installer">{t('userDialog.roleInstaller')}</span>
              </Radio>
            </Radio.Group>
          </Form.Item>
        )}
        {has('user_name') && !loadingInfo && (
          <Form.Item
            name="user_name"
            label={t('userDialog.userName')}
            required
            initialValue={mode === 4 ? info.data?.user_name : undefined}
            rules={[problems.rule('user_name')]}
            extra={mode === 4 ? undefined : t('userDialog.userNameHint')}
          >
            <Input
              autoComplete={mode === 4 ? 'off' : 'username'}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={50}
              autoFocus={firstField === 'user_name' || firstField === 'role_id'}
              onBlur={checks.leave('user_name')}
              data-testid="user-dialog-user_name"
            />
          </Form.Item>
        )}
        {has('email') && !loadingInfo && (
          <Form.Item
            name="email"
            label={t('userDialog.email')}
            required
            initialValue={mode === 4 ? info.data?.email : undefined}
            rules={[problems.rule('email')]}
          >
            <Input
              type="email"
              autoComplete="email"
              spellCheck={false}
              maxLength={254}
              onBlur={checks.leave('email')}
              data-testid="user-dialog-email"
            />
          </Form.Item>
        )}
        {info.data && waitingEmail && (
          <Alert
            type="warning"
            showIcon
            className="dialog-alert"
            title={t('userDialog.emailPending', { email: waitingEmail })}
            data-testid="user-dialog-email-pending"
            action={
              <Button
                size="small"
                onClick={() => setEmailChange(pendingChange(info.data))}
                data-testid="user-dialog-enter-code"
              >
                {t('userDialog.emailPendingEnter')}
              </Button>
            }
          />
        )}
        {has('old_pwd') && (
          <Form.Item
            name="old_pwd"
            label={t('userDialog.oldPassword')}
            required
            rules={[problems.rule('old_pwd')]}
          >
            <Input.Password
              autoComplete="current-password"
              autoFocus
              onBlur={checks.leave('old_pwd')}
              data-testid="user-dialog-old_pwd"
            />
          </Form.Item>
        )}
        {has('pwd') && (
          <Form.Item
            name="pwd"
            label={passwordLabel}
            required
            rules={[problems.rule('pwd')]}
            extra={t('userDialog.passwordHint')}
          >
            <Input.Password
              autoComplete="new-password"
              onBlur={checks.leave('pwd')}
              data-testid="user-dialog-pwd"
            />
          </Form.Item>
        )}
        {has('pwd_again') && (
          <Form.Item
            name="pwd_again"
            label={t('userDialog.passwordAgain')}
            required
            dependencies={['pwd']}
            rules={[problems.rule('pwd_again')]}
          >
            <Input.Password
              autoComplete="new-password"
              onBlur={checks.leave('pwd_again')}
              data-testid="user-dialog-pwd_again"
            />
          </Form.Item>
        )}
        {mode === 5 && (
          <Typography.Paragraph type="secondary" className="dialog-note">
            {t('userDialog.changePasswordNote')}
          </Typography.Paragraph>
        )}
      </div>
    </FormDialog>
  );
}

export default UserDialog;
