import type { Language } from '@helio/contracts';
import { paragraphMail } from '../../platform/mail/compose.ts';
import type { OutgoingMail } from '../../platform/mail/mailer.ts';

/**
 * The mails that guard an account (README "Accounts and security choices"), in the recipient's
 * language: an installer's invitation, the code that confirms a new email address, and the notice
 * to the address being replaced.
 */
interface AccountTexts {
  greeting: (name: string) => string;
  signature: string;
  invitation: {
    subject: (installer: string) => string;
    lines: (installer: string, days: number) => string[];
  };
  emailCode: {
    subject: string;
    lines: (account: string, hours: number) => string[];
  };
  emailNotice: {
    subject: string;
    lines: (account: string, newEmail: string, requestedBy: string | null) => string[];
  };
}

const texts: Record<Language, AccountTexts> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    signature: 'Helio — solar and storage monitoring',
    invitation: {
      subject: (installer) => `${installer} invites you to become your installer on Helio`,
      lines: (installer, days) => [
        `The installer ${installer} asks to look after your Helio account.`,
        `If you accept, ${installer} and the installers above it will see and manage your stations and devices, and may edit your account's details.`,
        `Sign in to Helio and open Messages to accept or decline. The invitation is valid for ${days} days.`,
        `If you do not know ${installer}, decline it or ignore this email: nothing changes without your acceptance.`,
      ],
    },
    emailCode: {
      subject: 'Confirm your new Helio email address',
      lines: (account, hours) => [
        `This address is to become the email address of the Helio account ${account}. Your confirmation code is:`,
        `The code is valid for ${hours} hours. Give it only to the person changing the address if you agree; until it is entered, the account keeps its old address.`,
        'If you did not expect this, ignore this email: your address will not be used.',
      ],
    },
    emailNotice: {
      subject: 'The email address of your Helio account is being changed',
      lines: (account, newEmail, requestedBy) => [
        `A change of the email address of your Helio account ${account} to ${newEmail} was asked${requestedBy ? ` by ${requestedBy}` : ''}.`,
        'It takes effect only once the code mailed to the new address is entered; until then this address stays in effect.',
        'If you did not ask for this, sign in and change your password, and contact your installer.',
      ],
    },
  },
  'zh-CN': {
    greeting: (name) => `${name}，您好：`,
    signature: 'Helio 光伏储能监控平台',
    invitation: {
      subject: (installer) => `${installer} 邀请您成为其在 Helio 上的用户`,
      lines: (installer, days) => [
        `安装商 ${installer} 请求管理您的 Helio 账户。`,
        `如果您接受，${installer} 及其上级安装商将可以查看和管理您的电站和设备，并可以修改您的账户信息。`,
        `请登录 Helio，在“消息”中接受或拒绝。邀请在 ${days} 天内有效。`,
        `如果您不认识 ${installer}，请拒绝或忽略本邮件：未经您同意，任何内容都不会改变。`,
      ],
    },
    emailCode: {
      subject: '确认您的 Helio 新邮箱地址',
      lines: (account, hours) => [
        `此地址将成为 Helio 账户 ${account} 的邮箱地址。您的确认码是：`,
        `确认码在 ${hours} 小时内有效。仅在您同意时才将其告知正在修改地址的人；输入确认码之前，账户仍使用原邮箱地址。`,
        '如果这不是您预期的操作，请忽略本邮件：您的地址不会被使用。',
      ],
    },
    emailNotice: {
      subject: '您的 Helio 账户邮箱地址正在被修改',
      lines: (account, newEmail, requestedBy) => [
        `${requestedBy ? `${requestedBy} ` : ''}请求将您的 Helio 账户 ${account} 的邮箱地址改为 ${newEmail}。`,
        '只有在输入发送到新地址的确认码后才会生效；在此之前，本地址仍然有效。',
        '如果这不是您本人的操作，请登录并修改密码，并联系您的安装商。',
      ],
    },
  },
  pl: {
    greeting: (name) => `Dzień dobry ${name},`,
    signature: 'Helio — monitoring instalacji PV i magazynów energii',
    invitation: {
      subject: (installer) => `${installer} zaprasza Cię do grona swoich klientów w Helio`,
      lines: (installer, days) => [
        `Instalator ${installer} prosi o możliwość opieki nad Twoim kontem Helio.`,
        `Jeśli się zgodzisz, ${installer} i instalatorzy nad nim będą widzieć Twoje elektrownie i urządzenia, zarządzać nimi oraz zmieniać dane Twojego konta.`,
        `Zaloguj się do Helio i otwórz Wiadomości, aby przyjąć lub odrzucić zaproszenie. Zaproszenie jest ważne ${days} dni.`,
        `Jeśli nie znasz ${installer}, odrzuć zaproszenie lub zignoruj tę wiadomość: bez Twojej zgody nic się nie zmieni.`,
      ],
    },
    emailCode: {
      subject: 'Potwierdź nowy adres e-mail w Helio',
      lines: (account, hours) => [
        `Ten adres ma zostać adresem e-mail konta Helio ${account}. Twój kod potwierdzający:`,
        `Kod jest ważny ${hours} godz. Przekaż go osobie zmieniającej adres tylko wtedy, gdy się zgadzasz; do czasu jego wpisania konto zachowuje dotychczasowy adres.`,
        'Jeśli się tego nie spodziewasz, zignoruj tę wiadomość: Twój adres nie zostanie użyty.',
      ],
    },
    emailNotice: {
      subject: 'Adres e-mail Twojego konta Helio jest zmieniany',
      lines: (account, newEmail, requestedBy) => [
        `Zażądano zmiany adresu e-mail Twojego konta Helio ${account} na ${newEmail}${requestedBy ? ` (zlecił: ${requestedBy})` : ''}.`,
        'Zmiana zacznie obowiązywać dopiero po wpisaniu kodu wysłanego na nowy adres; do tego czasu obowiązuje ten adres.',
        'Jeśli to nie Ty, zaloguj się, zmień hasło i skontaktuj się ze swoim instalatorem.',
      ],
    },
  },
  cs: {
    greeting: (name) => `Dobrý den, ${name},`,
    signature: 'Helio — monitoring fotovoltaiky a úložišť',
    invitation: {
      subject: (installer) => `${installer} vás zve mezi své zákazníky v Helio`,
      lines: (installer, days) => [
        `Instalatér ${installer} žádá o správu vašeho účtu Helio.`,
        `Pokud přijmete, ${installer} a instalatéři nad ním uvidí vaše elektrárny a zařízení, budou je spravovat a mohou upravovat údaje vašeho účtu.`,
        `Přihlaste se do Helio a v Zprávách pozvánku přijměte nebo odmítněte. Pozvánka platí ${days} dní.`,
        `Pokud ${installer} neznáte, pozvánku odmítněte nebo tento e-mail ignorujte: bez vašeho souhlasu se nic nezmění.`,
      ],
    },
    emailCode: {
      subject: 'Potvrďte svou novou e-mailovou adresu v Helio',
      lines: (account, hours) => [
        `Tato adresa se má stát e-mailovou adresou účtu Helio ${account}. Váš potvrzovací kód:`,
        `Kód platí ${hours} hodin. Předejte ho osobě, která adresu mění, jen pokud souhlasíte; dokud není zadán, účet si ponechává původní adresu.`,
        'Pokud jste to nečekali, tento e-mail ignorujte: vaše adresa nebude použita.',
      ],
    },
    emailNotice: {
      subject: 'E-mailová adresa vašeho účtu Helio se mění',
      lines: (account, newEmail, requestedBy) => [
        `Byla požádána změna e-mailové adresy vašeho účtu Helio ${account} na ${newEmail}${requestedBy ? ` (žadatel: ${requestedBy})` : ''}.`,
        'Změna platí až po zadání kódu zaslaného na novou adresu; do té doby platí tato adresa.',
        'Pokud jste to nebyli vy, přihlaste se, změňte heslo a kontaktujte svého instalatéra.',
      ],
    },
  },
  it: {
    greeting: (name) => `Ciao ${name},`,
    signature: 'Helio — monitoraggio di impianti fotovoltaici e accumuli',
    invitation: {
      subject: (installer) => `${installer} ti invita a diventare suo cliente su Helio`,
      lines: (installer, days) => [
        `L'installatore ${installer} chiede di seguire il tuo account Helio.`,
        `Se accetti, ${installer} e gli installatori sopra di lui vedranno e gestiranno i tuoi impianti e dispositivi e potranno modificare i dati del tuo account.`,
        `Accedi a Helio e apri Messaggi per accettare o rifiutare. L'invito è valido ${days} giorni.`,
        `Se non conosci ${installer}, rifiuta l'invito o ignora questa email: senza il tuo consenso non cambia nulla.`,
      ],
    },
    emailCode: {
      subject: 'Conferma il tuo nuovo indirizzo email Helio',
      lines: (account, hours) => [
        `Questo indirizzo sta per diventare l'indirizzo email dell'account Helio ${account}. Il tuo codice di conferma è:`,
        `Il codice è valido ${hours} ore. Comunicalo a chi sta cambiando l'indirizzo solo se sei d'accordo; finché non viene inserito, l'account mantiene l'indirizzo precedente.`,
        'Se non te lo aspettavi, ignora questa email: il tuo indirizzo non verrà usato.',
      ],
    },
    emailNotice: {
      subject: "L'indirizzo email del tuo account Helio sta per cambiare",
      lines: (account, newEmail, requestedBy) => [
        `È stato chiesto di cambiare l'indirizzo email del tuo account Helio ${account} in ${newEmail}${requestedBy ? ` (richiesta di ${requestedBy})` : ''}.`,
        "Il cambio ha effetto solo dopo l'inserimento del codice inviato al nuovo indirizzo; fino ad allora resta valido questo indirizzo.",
        'Se non sei stato tu, accedi, cambia la password e contatta il tuo installatore.',
      ],
    },
  },
};

function withFrame(t: AccountTexts, name: string, body: string[]): string[] {
  return [t.greeting(name), '', ...body.flatMap((line) => [line, '']), t.signature];
}

export function invitationMail(input: {
  to: string;
  userName: string;
  language: Language;
  installerName: string;
  validDays: number;
}): OutgoingMail {
  const t = texts[input.language];
  const body = t.invitation.lines(input.installerName, input.validDays);
  return paragraphMail(
    input.to,
    t.invitation.subject(input.installerName),
    withFrame(t, input.userName, body),
  );
}

/** To the new address: the code that confirms it. */
export function emailCodeMail(input: {
  to: string;
  userName: string;
  language: Language;
  code: string;
  validHours: number;
}): OutgoingMail {
  const t = texts[input.language];
  const [intro, ...rest] = t.emailCode.lines(input.userName, input.validHours);
  const lines = [
    t.greeting(input.userName),
    '',
    intro!,
    '',
    `    ${input.code}`,
    '',
    ...rest.flatMap((l) => [l, '']),
    t.signature,
  ];
  return paragraphMail(input.to, t.emailCode.subject, lines, input.code);
}

/** To the address being replaced: what was asked, and by whom when not by the account itself. */
export function emailNoticeMail(input: {
  to: string;
  userName: string;
  language: Language;
  newEmail: string;
  requestedBy: string | null;
}): OutgoingMail {
  const t = texts[input.language];
  const body = t.emailNotice.lines(input.userName, input.newEmail, input.requestedBy);
  return paragraphMail(input.to, t.emailNotice.subject, withFrame(t, input.userName, body));
}
