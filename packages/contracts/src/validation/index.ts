export * from './common.ts';
export * from './keys.ts';
export * from './messages/index.ts';
export * from './user.ts';
