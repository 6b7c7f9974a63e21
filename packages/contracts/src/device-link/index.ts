export * from './messages.ts';
export * from './topics.ts';
export * from './values.ts';
