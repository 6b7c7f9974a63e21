export * from './api/call.ts';
export type { MenuItem } from './api/calls/auth.ts';
export * from './api/calls/index.ts';
export * from './api/envelope.ts';
export * from './api/paging.ts';
export * from './enums.ts';
export * from './errors/codes.ts';
export * from './i18n.ts';
