export * from './client.ts';
export * from './lock.ts';
export * as schema from './schema.ts';
