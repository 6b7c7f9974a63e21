import { charging } from '@helio/contracts';
import type { CallRegistry } from '../../../http/calls.ts';
import type { ChargingPlansService } from './service.ts';

/** The plan calls: each hands its body to the service, which checks reach, role and unlock. */
export function chargingPlanRoutes(calls: CallRegistry, service: ChargingPlansService): void {
  calls.handle(charging.plan, ({ body, caller }) => service.view(caller, body.equ_sn));
  calls.handle(charging.preview, ({ body, caller }) => service.preview(caller, body.equ_sn, body.plan));
  calls.handle(charging.savePlan, ({ body, caller }) =>
    service.save(caller, body.equ_sn, body.plan, body.key),
  );
}
