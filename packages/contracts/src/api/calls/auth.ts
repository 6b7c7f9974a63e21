import { z } from 'zod';
import { RoleId } from '../../enums.ts';
import { defineCall } from '../call.ts';

/** A sidebar entry of the saved menu list; the web app translates `menu_id` and routes to `path`. */
export const menuItem = z.object({
  menu_id: z.string().describe('Stable id of the menu entry, also its translation key'),
  path: z.string().describe('Route of the web app the entry opens'),
});
export type MenuItem = z.infer<typeof menuItem>;

export const login = defineCall({
  path: 'api/user/login',
  summary: 'Sign in with a user name or email and a password; answers a session token',
  domain: 'auth',
  access: 'public',
  kind: 'read',
  body: z.object({
    user_name: z.string().trim().min(1).max(254).describe('User name or email'),
    pwd: z.string().min(1).max(256),
  }),
  data: z.object({
    token: z.string().describe('Opaque session secret; send it back in the Token header'),
    user_id: z.number().int(),
    user_name: z.string(),
    role_id: z.union([z.literal(RoleId.installer), z.literal(RoleId.endUser)]),
    menu_list: z.array(menuItem),
    is_operator: z.boolean().describe('The platform operator, who keeps the firmware catalogue'),
  }),
});

export const logout = defineCall({
  path: 'api/user/logout',
  summary: "Sign out: revoke the caller's session token",
  domain: 'auth',
  access: 'user',
  kind: 'read',
  body: z.object({}),
  data: z.null(),
});
