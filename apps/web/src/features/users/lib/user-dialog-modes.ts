import { type RoleId, type UserFormMode, userFormSchemas } from '@helio/contracts';

/** The user dialog's modes (SPEC.md §4): 1 register, 2 add user, 3 add under an installer, 4 edit
 * info, 5 change password. */
export type UserDialogMode = UserFormMode;

export interface CreatedAccount {
  user_id: number;
  user_name: string;
  role_id: RoleId;
}

export type UserDialogResult =
  | { mode: 1 | 2 | 3; account: CreatedAccount }
  | {
      mode: 4;
      /** `email` is the address in effect; `email_pending` one waiting for its code. */
      account: { user_id: number; user_name: string; email: string; email_pending: string | null };
      own: boolean;
    }
  | { mode: 5 };

export interface UserFormValues {
  installer_id?: number;
  role_id?: RoleId;
  user_name?: string;
  email?: string;
  old_pwd?: string;
  pwd?: string;
  pwd_again?: string;
}

export const fieldsOfMode = {
  1: ['role_id', 'user_name', 'email', 'pwd', 'pwd_again'],
  2: ['role_id', 'user_name', 'email', 'pwd', 'pwd_again'],
  3: ['installer_id', 'role_id', 'user_name', 'email', 'pwd', 'pwd_again'],
  4: ['user_name', 'email'],
  5: ['old_pwd', 'pwd', 'pwd_again'],
} as const satisfies Record<UserDialogMode, readonly (keyof UserFormValues)[]>;

export const textsOfMode = {
  1: {
    title: 'userDialog.titleRegister',
    submit: 'userDialog.submitRegister',
    done: 'userDialog.registered',
  },
  2: { title: 'userDialog.titleAdd', submit: 'userDialog.submitAdd', done: 'userDialog.added' },
  3: { title: 'userDialog.titleAddUnder', submit: 'userDialog.submitAdd', done: 'userDialog.added' },
  4: { title: 'userDialog.titleEdit', submit: 'userDialog.submitSave', done: 'userDialog.saved' },
  5: {
    title: 'userDialog.titleChangePassword',
    submit: 'userDialog.submitChangePassword',
    done: 'userDialog.passwordChanged',
  },
} as const;

/** The checks of modes 1–3 and the body of their calls. */
export function creationBody(values: UserFormValues) {
  const form = userFormSchemas[1].parse(values);
  return {
    role_id: form.role_id,
    user_name: form.user_name,
    email: form.email,
    pwd: form.pwd,
    pwd_again: form.pwd_again,
  };
}
