import { randomUUID } from 'node:crypto';
import { DEMO_USER_ID, parseStrategy, type StrategyProgram, templateCommand } from '@helio/contracts';
import type { Database } from '@helio/db';
import { pageWindow } from '../../platform/search.ts';
import type { DeviceCommands } from '../commands/service.ts';
import { strategiesRepository } from '../strategies/repository.ts';
import type { SeededDemoPlant } from './demo-plants.ts';

/**
 * The demo plants' strategies (a device's `strategy` in demo-catalogue.ts): the system template of
 * that kind, applied by the portal itself (no user) once the plant is live, the way an installer's
 * application goes: one `strategy` command and the strategies module's record of it, which follows
 * the command's outcome. Once only: a device whose active or pending strategy already comes from
 * that template is left alone. A device keeps its strategy across restarts as a real one does:
 * the simulation starts with the device's active strategy (`activeDemoStrategies`).
 */

/** The program of each seeded device's active strategy, by device id (devices without one left out). */
export async function activeDemoStrategies(
  db: Database,
  plants: readonly SeededDemoPlant[],
): Promise<Map<number, StrategyProgram>> {
  const repo = strategiesRepository(db);
  const programs = new Map<number, StrategyProgram>();
  for (const plant of plants)
    for (const device of plant.devices) {
      if (!device.strategy) continue;
      const { active } = await repo.ofDevice(device.deviceId, pageWindow(1, 1));
      if (active) programs.set(device.deviceId, parseStrategy(active.params));
    }
  return programs;
}

/** Applies each device's catalogue strategy unless it is already active or pending; answers how many were sent. */
export async function applyDemoStrategies(
  db: Database,
  plants: readonly SeededDemoPlant[],
  commands: Pick<DeviceCommands, 'create'>,
  now: () => Date,
): Promise<number> {
  const repo = strategiesRepository(db);
  let sent = 0;
  for (const plant of plants)
    for (const device of plant.devices) {
      if (!device.strategy) continue;
      // the system templates are everyone's: the owner asked for does not matter
      const {
        list: [template],
      } = await repo.list(DEMO_USER_ID, { kind: device.strategy, source: 'system' }, pageWindow(1, 1));
      if (!template) continue;
      const { active, pending } = await repo.ofDevice(device.deviceId, pageWindow(1, 1));
      if ([active, ...pending].some((row) => row?.template_id === template.template_id)) continue;
      const params = templateCommand({ ...template.body, kind: template.kind });
      const stored = await commands.create(device.deviceId, { name: 'strategy', params }, null);
      await repo.record({
        deviceId: device.deviceId,
        templateId: template.template_id,
        kind: template.kind,
        name: template.name,
        params,
        commandId: stored.commandId,
        batchId: randomUUID(),
        appliedBy: null,
        createdAt: now(),
      });
      sent += 1;
    }
  return sent;
}
