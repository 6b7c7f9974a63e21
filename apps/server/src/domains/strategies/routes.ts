import { strategy, type TemplatePath, templatePathKinds } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { StrategiesService } from './service.ts';

/** The strategy calls: each hands its body to the service, which checks owner, reach, role and unlock. */
export function strategiesRoutes(calls: CallRegistry, service: StrategiesService): void {
  calls.handle(strategy.list, ({ body, caller, language }) =>
    service.list(
      caller,
      { kind: body.kind, source: body.source, enabled: body.enabled, name: body.name },
      body.page,
      body.page_size,
      language,
    ),
  );
  calls.handle(strategy.detail, ({ body, caller, language }) =>
    service.detail(caller, body.template_id, language),
  );

  for (const path of Object.keys(templatePathKinds) as TemplatePath[]) {
    const kind = templatePathKinds[path];
    const group = strategy[path];
    calls.handle(group.list, ({ body, caller, language }) =>
      service.list(
        caller,
        { kind, enabled: body.enabled, name: body.name },
        body.page,
        body.page_size,
        language,
      ),
    );
    calls.handle(group.add, ({ body: { name, ...fields }, caller }) =>
      service.add(caller, kind, name, fields),
    );
    calls.handle(group.edit, ({ body: { name, template_id, ...fields }, caller }) =>
      service.edit(caller, kind, template_id, name, fields),
    );
    calls.handle(group.del, ({ body, caller }) => service.remove(caller, kind, body.template_id));
  }

  calls.handle(strategy.enable, ({ body, caller }) =>
    service.setEnabled(caller, body.template_id, body.enabled),
  );
  calls.handle(strategy.update, ({ body, caller, language }) =>
    service.apply(
      caller,
      { key: body.key, sns: body.equ_sns, templateId: body.template_id, mode: body.mode },
      language,
    ),
  );
  calls.handle(strategy.device, ({ body, caller, language }) =>
    service.device(caller, body.equ_sn, body.page, body.page_size, language),
  );
  calls.handle(strategy.batch, ({ body, caller }) => service.batch(caller, body.batch_id));
}
