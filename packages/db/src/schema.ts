/**
 * The drizzle schema, one file per part of the product; drizzle-kit reads this file and the
 * repositories use it as `schema.<table>`.
 */
export * from './schema/accounts.ts';
export * from './schema/alarms.ts';
export * from './schema/charging.ts';
export * from './schema/firmware.ts';
export * from './schema/fleet.ts';
export * from './schema/jobs.ts';
export * from './schema/messages.ts';
export * from './schema/platform.ts';
export * from './schema/strategies.ts';
export * from './schema/tariffs.ts';
export * from './schema/telemetry.ts';
