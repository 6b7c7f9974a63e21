import { user } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { EmailChange } from './email-change.ts';
import type { Invitations } from './invitations.ts';
import type { PasswordReset } from './password-reset.ts';
import type { UsersService } from './service.ts';

export function usersRoutes(
  calls: CallRegistry,
  services: {
    users: UsersService;
    reset: PasswordReset;
    invitations: Invitations;
    emailChange: EmailChange;
  },
): void {
  const { users: service, reset, invitations, emailChange } = services;
  calls.handle(user.register, ({ body, clientIp }) => service.register(body, clientIp));
  calls.handle(user.registerUser, ({ body, caller }) => service.createAccount(caller, body));
  calls.handle(user.addInstallerUser, ({ body, caller }) =>
    invitations.invite(caller, { login: body.user_name, installerId: body.installer_id }),
  );
  calls.handle(user.invitationAnswer, ({ body, caller }) =>
    invitations.answer(caller, { invitationId: body.invitation_id, accept: body.accept }),
  );
  calls.handle(user.confirmEmail, ({ body, caller }) =>
    emailChange.confirm(caller, { userId: body.user_id, code: body.code }),
  );
  calls.handle(user.edit, ({ body, caller }) =>
    service.edit(caller, { userId: body.user_id, userName: body.user_name, email: body.email }),
  );
  calls.handle(user.info, ({ body, caller }) => service.info(caller, body.user_id));
  calls.handle(user.changePwd, ({ body, caller }) =>
    service.changePassword(caller, { oldPassword: body.old_pwd, newPassword: body.pwd }),
  );
  calls.handle(user.getInstallerLower, ({ body, caller }) =>
    service.listTree(
      caller,
      {
        keyword: body.keyword,
        roleId: body.role_id,
        canAddInstaller: body.can_add_installer,
        installerId: body.installer_id,
      },
      body.page,
      body.page_size,
    ),
  );
  calls.handle(user.deleteUserInstaller, ({ body, caller }) => service.delete(caller, body.user_id));
  calls.handle(user.sendEmailCode, ({ body }) =>
    reset.sendCode({ email: body.email, chinese: body.language === 0 }),
  );
  calls.handle(user.forgetpwd, ({ body }) =>
    reset.resetPassword({ email: body.email, code: body.code, password: body.password }),
  );
}
