import { ems5000 } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { Ems5000Service } from './service.ts';

/** The EMS 5000 console's calls: each hands its body to the service, which checks reach, role and unlock. */
export function ems5000Routes(calls: CallRegistry, service: Ems5000Service): void {
  calls.handle(ems5000.sysIndex, ({ body, caller }) => service.sysIndex(caller, body.station_id));
  calls.handle(ems5000.ex, ({ body, caller }) => service.ex(caller, body.station_id, body.part, body.date));
  calls.handle(ems5000.sysRw, ({ body, caller }) =>
    service.sysRw(caller, body.station_id, body.part, body.read),
  );
  calls.handle(ems5000.setSave, ({ body, caller }) =>
    service.setSave(caller, body.station_id, body.part, body.key, body.changes),
  );
  calls.handle(ems5000.pollingReply, ({ body, caller }) =>
    service.pollingReply(caller, body.command_id, body.part),
  );
  calls.handle(ems5000.modeShow, ({ body, caller, language }) =>
    service.modeShow(caller, body.station_id, language),
  );
  calls.handle(ems5000.modeDetail, ({ body, caller, language }) =>
    service.modeDetail(caller, body.station_id, body.kind, language),
  );
  calls.eventStream(ems5000.live, ({ body, caller }) => service.live(caller, body.station_id));
}
