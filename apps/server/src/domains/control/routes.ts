import { control } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { DevicePasswords } from './device-password.ts';
import type { ControlService } from './service.ts';

/** The remote-control calls: each hands its body to the service, which checks reach, role and unlock. */
export function controlRoutes(
  calls: CallRegistry,
  service: ControlService,
  passwords: DevicePasswords,
): void {
  calls.handle(control.unlock, ({ body, caller }) => passwords.unlock(caller, body.equ_sn, body.pwd));
  calls.handle(control.setDevicePassword, ({ body, caller }) =>
    passwords.setDevicePassword(caller, body.equ_sn, body.pwd),
  );
  calls.handle(control.setTreePassword, ({ body, caller }) => passwords.setTreePassword(caller, body.pwd));
  calls.handle(control.settings, ({ body, caller }) => service.view(caller, body.equ_sn));
  calls.handle(control.read, ({ body, caller }) => service.read(caller, body.equ_sn));
  calls.handle(control.save, ({ body, caller }) => service.save(caller, body.equ_sn, body.key, body.changes));
  calls.handle(control.network, ({ body, caller }) => service.network(caller, body.equ_sn, body.key, body));
  calls.handle(control.selfTest, ({ body, caller }) => service.selfTest(caller, body.equ_sn));
  calls.handle(control.selfTestReport, ({ body, caller }) => service.selfTestReport(caller, body.command_id));
  calls.handle(control.debug, ({ body, caller }) =>
    service.debug(caller, body.equ_sn, body.action, body.minutes),
  );
  calls.handle(control.restart, ({ body, caller }) => service.restart(caller, body.equ_sn));
  calls.handle(control.systemAction, ({ body, caller }) => service.system(caller, body.equ_sn, body.action));
  calls.handle(control.commands, ({ body, caller }) =>
    service.commands(caller, body.equ_sn, { name: body.name, state: body.state }, body.page, body.page_size),
  );
  calls.handle(control.command, ({ body, caller }) => service.command(caller, body.command_id));
  calls.handle(control.diagnostics, ({ body, caller }) => service.diagnostics(caller, body.equ_sn));
}
