import { common } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';

export function commonRoutes(calls: CallRegistry, options: { version: string }): void {
  calls.handle(common.getWebVer, async () => `v${options.version}`);
}
