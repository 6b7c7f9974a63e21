import { paragraphMail } from '../../platform/mail/compose.ts';
import type { OutgoingMail } from '../../platform/mail/mailer.ts';

/** The password-reset mail, in Chinese (language 0) or English (any other), as a product sends it. */
export function resetCodeMail(input: {
  to: string;
  userName: string;
  code: string;
  minutes: number;
  chinese: boolean;
}): OutgoingMail {
  const { code, minutes } = input;
  const name = input.userName;
  if (input.chinese) {
    const lines = [
      `${name}，您好：`,
      '',
      '我们收到了重置您 Helio 账户密码的请求。您的验证码是：',
      '',
      `    ${code}`,
      '',
      `验证码在 ${minutes} 分钟内有效，且只能使用一次。请在“找回密码”窗口中输入验证码并设置新密码。`,
      '',
      '如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。请勿将验证码告诉任何人，Helio 工作人员不会向您索取验证码。',
      '',
      'Helio 光伏储能监控平台',
    ];
    return paragraphMail(input.to, 'Helio 密码重置验证码', lines, code);
  }
  const lines = [
    `Hello ${name},`,
    '',
    'We received a request to reset the password of your Helio account. Your verification code is:',
    '',
    `    ${code}`,
    '',
    `The code is valid for ${minutes} minutes and can be used once. Enter it in the "Forgot password" window and choose a new password.`,
    '',
    'If you did not ask for this, you can ignore this email: your password stays as it is. Never share this code; Helio staff will never ask you for it.',
    '',
    'Helio — solar and storage monitoring',
  ];
  return paragraphMail(input.to, 'Your Helio password reset code', lines, code);
}
