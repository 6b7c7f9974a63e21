import { auth } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { AuthService } from './service.ts';

export function authRoutes(calls: CallRegistry, service: AuthService): void {
  calls.handle(auth.login, ({ body, clientIp, userAgent, language }) =>
    service.login({ login: body.user_name, password: body.pwd, clientIp, userAgent, language }),
  );
  calls.handle(auth.logout, ({ caller }) => service.logout(caller));
}
