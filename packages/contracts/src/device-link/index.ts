export * from './faults.ts';
export * from './messages.ts';
export * from './topics.ts';
export * from './values.ts';
