export * from './common.ts';
export * from './control-characters.ts';
export * from './device.ts';
export * from './keys.ts';
export * from './messages/index.ts';
export * from './network.ts';
export * from './station.ts';
export * from './user.ts';
