import { z } from 'zod';
import { RoleId } from '../../enums.ts';
import { formId } from '../../validation/common.ts';
import {
  email,
  retrievePassword,
  userFormSchemas,
  userName,
  verificationCode,
} from '../../validation/user.ts';
import { defineCall } from '../call.ts';
import { pageOf, pageRequest } from '../paging.ts';

/**
 * Accounts (SPEC.md §4 user dialog, §7 auth and user; PRODUCT.md §4 installer tree). Ids of the
 * tree: `user_id` of the account concerned, `installer_id` of the installer it sits under.
 */

const roleId = z.union([z.literal(RoleId.installer), z.literal(RoleId.endUser)]);

/** An account as the user-management screen shows it. */
export const accountItem = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  email: z.string(),
  role_id: roleId,
  /** 1–3 for installers, null for end users. */
  installer_level: z.number().int().min(1).max(3).nullable(),
  /** The installer this account sits under; null for the caller's own level. */
  installer_id: z.number().int().nullable(),
  installer_name: z.string().nullable(),
  /** Registration time, ISO 8601. */
  created_at: z.string(),
  /** Accounts directly under this one. */
  user_count: z.number().int().min(0),
  /** Stations bound to this account as installer or end user. */
  station_count: z.number().int().min(0),
});
export type AccountItem = z.infer<typeof accountItem>;

const createdAccount = z.object({ user_id: z.number().int(), user_name: z.string(), role_id: roleId });

export const register = defineCall({
  path: 'api/user/register',
  summary: 'Sign up (dialog mode 1): an end user by default, or a new level-1 installer with role_id 1',
  domain: 'user',
  access: 'public',
  kind: 'write',
  body: userFormSchemas[1],
  data: createdAccount,
});

export const registerUser = defineCall({
  path: 'api/user/installer/registerUser',
  summary:
    "An installer creates an account (modes 2 and 3): role_id 1 a sub-installer, 2 an end user; installer_id puts it under one of the caller's sub-installers",
  domain: 'user',
  access: 'user',
  kind: 'write',
  body: userFormSchemas[2],
  data: createdAccount,
});

/** Days an invitation to an installer's tree waits for its answer. */
export const INVITATION_VALID_DAYS = 14;
/** Hours the code mailed to a new email address stays valid (5 wrong tries end it sooner). */
export const EMAIL_CHANGE_VALID_HOURS = 24;

/** What became of an invitation; `expired` is a pending one past its days. */
export const invitationStates = ['pending', 'accepted', 'declined', 'expired'] as const;
export type InvitationState = (typeof invitationStates)[number];

export const addInstallerUser = defineCall({
  path: 'api/user/installer/addInstallerUser',
  summary:
    "Invites an existing end user without an installer (by user name or email) into the caller's tree, under the caller or one of its sub-installers. The account joins only when its owner accepts (a message and a mail); the answer is the same whether or not such an account exists",
  domain: 'user',
  access: 'user',
  kind: 'write',
  body: z.object({
    user_name: z.string().trim().min(1).max(254).describe('User name or email of the account to invite'),
    installer_id: formId.optional().describe('Sub-installer to put it under; the caller when absent'),
  }),
  data: z.object({
    valid_days: z.number().int().describe('Days the invitation waits for its answer'),
  }),
});

export const invitationAnswer = defineCall({
  path: 'api/user/invitation/answer',
  summary:
    "The invited end user accepts or declines an invitation into an installer's tree (200001 when no longer pending; 4003 when the account has an installer by now; 3001 when a station name clashes in that tree)",
  domain: 'user',
  access: 'user',
  kind: 'write',
  body: z.object({ invitation_id: formId, accept: z.boolean() }),
  data: z.object({ invitation_id: z.number().int(), state: z.enum(invitationStates) }),
});

export const edit = defineCall({
  path: 'bg/user/edit',
  summary:
    "Edit an account's user name and email (mode 4): one's own, or an account of one's tree. The name changes at once; a new email only once the code mailed to it is confirmed (api/user/confirmEmail), and the old address is told",
  domain: 'user',
  access: 'user',
  kind: 'write',
  body: z.object({ user_id: formId.optional(), user_name: userName, email }),
  data: z.object({
    user_id: z.number().int(),
    user_name: z.string(),
    email: z.string().describe('The address in effect'),
    email_pending: z.string().nullable().describe('A new address waiting for its code'),
  }),
});

export const confirmEmail = defineCall({
  path: 'api/user/confirmEmail',
  summary:
    'Confirms a pending email change with the code mailed to the new address: 200913 wrong, 200914 expired or after 5 wrong tries, 1004 when the address was taken meanwhile',
  domain: 'user',
  access: 'user',
  kind: 'write',
  body: z.object({ user_id: formId.optional(), code: verificationCode }),
  data: z.object({ user_id: z.number().int(), email: z.string() }),
});

export const info = defineCall({
  path: 'api/user/info',
  summary: "An account's user name and email: one's own or one of one's tree",
  domain: 'user',
  access: 'user',
  kind: 'read',
  encoding: 'form',
  body: z.object({ user_id: formId }),
  data: z.object({
    user_id: z.number().int(),
    user_name: z.string(),
    email: z.string(),
    role_id: roleId,
    installer_level: z.number().int().nullable(),
    created_at: z.string(),
    email_pending: z.string().nullable().describe('A new address waiting for its code'),
  }),
});

export const changePwd = defineCall({
  path: 'api/user/changePwd',
  summary: "Change one's password (mode 5); every session of the account ends, so the client signs out",
  domain: 'user',
  access: 'user',
  kind: 'write',
  body: userFormSchemas[5],
  data: z.null(),
});

export const getInstallerLower = defineCall({
  path: 'api/getInstallerLower',
  summary: "The accounts of the caller's tree (sub-installers and end users), searchable and paged",
  domain: 'user',
  access: 'user',
  kind: 'read',
  body: z.object({
    ...pageRequest,
    keyword: z.string().trim().max(50).optional().describe('Part of the user name or email'),
    role_id: roleId.optional(),
    /** Only installers that may still take sub-installers (levels 1 and 2): the choices of mode 3. */
    can_add_installer: z.boolean().optional(),
    installer_id: formId.optional().describe('Only accounts directly under this installer'),
  }),
  data: pageOf(accountItem),
});

export const deleteUserInstaller = defineCall({
  path: 'api/deleteUserInstaller',
  summary: "Delete an account of the caller's tree that holds no accounts and no stations",
  domain: 'user',
  access: 'user',
  kind: 'write',
  body: z.object({ user_id: formId }),
  data: z.null(),
});

export const sendEmailCode = defineCall({
  path: 'api/user/sendEmailCode',
  summary:
    'Mail a 6-digit password-reset code (valid 10 minutes, single use); answers alike whether or not the address has an account',
  domain: 'user',
  access: 'public',
  kind: 'write',
  body: retrievePassword.pick({ email: true, language: true }),
  data: z.object({ resend_after_s: z.number().int().describe('Seconds before another code may be asked') }),
});

export const forgetpwd = defineCall({
  path: 'api/user/forgetpwd',
  summary: 'Set a new password with the mailed code; every session of the account ends',
  domain: 'user',
  access: 'public',
  kind: 'write',
  body: retrievePassword,
  data: z.null(),
});
