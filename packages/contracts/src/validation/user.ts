import { z } from 'zod';
import { RoleId } from '../enums.ts';
import { filled, formId, requiredText } from './common.ts';
import { validationLimits } from './keys.ts';

/**
 * The account rules of SPEC.md §5: user name, email, passwords, verification code, device password,
 * and the user dialog in its five modes (SPEC.md §4).
 */

/** Optional leading digits, then only Chinese characters, letters, digits or underscore. */
const USER_NAME_PATTERN = /^\d*[\u4e00-\u9fa5A-Za-z0-9_]+$/;
/** The phone-style login id accepted in place of an email: 11 digits starting with 1. */
const PHONE_LOGIN_ID = /^1\d{10}$/;

/** User name: 2–50 characters of SPEC.md's allowed set. */
export const userName = requiredText('validation.userNameRequired')
  // a refinement, not .min(): zod runs .min() even on a blank value, which gives only 'required'
  .refine((value) => value.length >= validationLimits.userNameMinLength, {
    error: 'validation.userNameLength',
  })
  .max(validationLimits.userNameMaxLength, { error: 'validation.userNameLength' })
  .regex(USER_NAME_PATTERN, { error: 'validation.userNameCharacters' });

/** Email, or an 11-digit number starting with 1 (a phone-style login id). */
export const email = requiredText('validation.emailRequired').refine(
  (value) =>
    value.length <= validationLimits.emailMaxLength &&
    (z.regexes.email.test(value) || PHONE_LOGIN_ID.test(value)),
  { error: 'validation.emailFormat' },
);

/** A new password: 6–128 characters, taken as typed (never trimmed). */
export const password = z
  .string({ error: 'validation.passwordRequired' })
  .check(filled('validation.passwordRequired'))
  .refine((value) => value.length >= validationLimits.passwordMinLength, {
    error: 'validation.passwordTooShort',
  })
  .max(validationLimits.passwordMaxLength, { error: 'validation.passwordTooLong' });

/** An existing password to check (current or device password): required and bounded, no length rule. */
function existingPassword(required: 'validation.oldPasswordRequired' | 'validation.devicePasswordRequired') {
  return z
    .string({ error: required })
    .check(filled(required))
    .max(validationLimits.passwordMaxLength, { error: 'validation.passwordTooLong' });
}

/** The repeated password; its equality with `pwd` is checked by `withPasswordConfirmation`. */
export const passwordAgain = z
  .string({ error: 'validation.passwordConfirmationRequired' })
  .check(filled('validation.passwordConfirmationRequired'));

/**
 * Adds the check that `pwd_again` equals `pwd`, reported on `pwd_again` (code 1005). It runs even when
 * other fields are wrong, so a form shows every problem at once, but not while either is missing.
 */
export function withPasswordConfirmation<T extends z.ZodType<{ pwd: string; pwd_again: string }>>(
  schema: T,
): T {
  return schema.refine((value) => value.pwd === value.pwd_again, {
    path: ['pwd_again'],
    error: 'validation.passwordsDiffer',
    when: ({ value }) => {
      const form = value as { pwd?: unknown; pwd_again?: unknown } | null | undefined;
      return typeof form?.pwd === 'string' && typeof form.pwd_again === 'string' && form.pwd_again !== '';
    },
  });
}

/** The emailed verification code: an integer 0…999999, as a number or as up to six digits. */
export const verificationCode = z
  .union([z.number(), z.string()], { error: 'validation.verificationCode' })
  .transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : '';
    const code = typeof value === 'number' ? value : /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isInteger(code) && code >= 0 && code <= validationLimits.verificationCodeMax) return code;
    ctx.issues.push({ code: 'custom', message: 'validation.verificationCode', input: value });
    return z.NEVER;
  });

/** The password of a device, asked before its settings are opened. */
export const devicePassword = existingPassword('validation.devicePasswordRequired');

/** Mail language of the reset calls: 0 Chinese, 1 any other language (see `mailLanguage`). */
const mailLanguageCode = z.coerce
  .number<number | string>({ error: 'validation.invalidValue' })
  .pipe(z.literal([0, 1], { error: 'validation.invalidValue' }));

/** Body of api/user/forgetpwd (the code is sent first by api/user/sendEmailCode). */
export const retrievePassword = z.object({
  email,
  language: mailLanguageCode,
  code: verificationCode,
  password,
});
export type RetrievePassword = z.output<typeof retrievePassword>;

/** Body of api/setting/ispwd. */
export const devicePasswordCheck = z.object({
  equ_sn: requiredText('validation.deviceSnRequired').max(64, { error: 'validation.deviceSnRequired' }),
  pwd: devicePassword,
});
export type DevicePasswordCheck = z.output<typeof devicePasswordCheck>;

/** role_id of the user form: 1 installer, 2 end user; end user unless chosen. */
const roleChoice = z.coerce
  .number<number | string>({ error: 'validation.roleInvalid' })
  .pipe(z.literal([RoleId.installer, RoleId.endUser], { error: 'validation.roleInvalid' }))
  .default(RoleId.endUser);

/** Who the form is about and under whom; each mode's call decides which it needs. */
const userFormIds = {
  login_id: formId.optional(),
  user_id: formId.optional(),
  installer_id: formId.optional(),
};

/**
 * The user dialog in modes 1–3 (register, add user, add under an installer). Only these modes carry
 * role_id: editing one's info or password must not be able to change (or default) a role.
 */
export const userForm = withPasswordConfirmation(
  z.object({
    ...userFormIds,
    role_id: roleChoice,
    user_name: userName,
    email,
    pwd: password,
    pwd_again: passwordAgain,
  }),
);
export type UserForm = z.output<typeof userForm>;

/** Mode 4, edit own info: only name and email are checked; password fields and role_id are dropped. */
const editOwnInfoForm = z.object({ ...userFormIds, user_name: userName, email });

/** Mode 5, change password: only the password fields are checked; name, email and role_id are dropped. */
const changePasswordForm = withPasswordConfirmation(
  z.object({
    ...userFormIds,
    old_pwd: existingPassword('validation.oldPasswordRequired'),
    pwd: password,
    pwd_again: passwordAgain,
  }),
);

/** The schema of each user-dialog mode (SPEC.md §4): 1 register, 2 add user, 3 add under an installer,
 * 4 edit own info, 5 change password. */
export const userFormSchemas = {
  1: userForm,
  2: userForm,
  3: userForm,
  4: editOwnInfoForm,
  5: changePasswordForm,
} as const;
export type UserFormMode = keyof typeof userFormSchemas;

export function userFormForMode<M extends UserFormMode>(mode: M): (typeof userFormSchemas)[M] {
  return userFormSchemas[mode];
}
