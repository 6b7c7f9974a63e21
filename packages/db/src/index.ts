export * from './client.ts';
export * from './lock.ts';
export * from './rows.ts';
export * as schema from './schema.ts';
