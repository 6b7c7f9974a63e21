/**
 * The error catalogue of SPEC.md §8: every code the server may answer in `msg`.
 * Short codes (4 digits) and numeric codes (6 digits) are both kept, because the client
 * translates whichever the server sends. Messages live in ./messages/<language>.ts.
 */
export const errorCodes = [
  '0000',
  '1000',
  '1001',
  '1002',
  '1003',
  '1004',
  '1005',
  '1006',
  // Not in SPEC.md §8: our answer to sign-in throttling (HTTP 429), see README.md.
  '1007',
  // Not in SPEC.md §8: too many sign-ups (or taken-name answers) from one address or account, HTTP 429.
  '1008',
  '2001',
  '2002',
  '2003',
  '2004',
  '3001',
  '3002',
  '3003',
  '3004',
  '3005',
  '3006',
  '3007',
  '3008',
  '3009',
  '4001',
  '4002',
  '4003',
  '4004',
  '4005',
  '5000',
  '5001',
  '5002',
  '5003',
  '6000',
  '6004',
  '7000',
  '7001',
  '7002',
  '7003',
  '7004',
  '7005',
  // Not in SPEC.md §8: a task that would downgrade a device without `confirm_downgrade`.
  '7006',
  // Not in SPEC.md §8: a device below a firmware file's minimum version.
  '7007',
  '8001',
  '9000',
  '9001',
  '9002',
  '9999',
  '100001',
  '200000',
  '200001',
  '200002',
  '200003',
  '200004',
  '200005',
  '200101',
  '200102',
  '200103',
  '200104',
  '200105',
  '200106',
  '200107',
  '200108',
  '200109',
  '200110',
  '200111',
  '200112',
  '200201',
  '200202',
  '200203',
  '200204',
  '200205',
  '200206',
  '200207',
  '200208',
  '200209',
  '200210',
  '200301',
  '200302',
  '200303',
  '200304',
  '200305',
  '200306',
  '200307',
  '200308',
  '200401',
  '200501',
  '200601',
  '200602',
  '200603',
  '200701',
  '200801',
  '200905',
  '200906',
  '200908',
  '200911',
  '200912',
  '200913',
  '200914',
  '200915',
  '240000',
  '240002',
  '240401',
  '240485',
  '250006',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** Codes the server sends, grouped by what they mean for the HTTP layer. */
export const ErrorCodes = {
  success: '0000',
  loginExpired: '1000',
  loginPasswordWrong: '1002',
  noPermission: '9001',
  contactAdministrator: '9999',
  illegalOperation: '100001',
  operationFailed: '200001',
  noParameter: '200003',
  insufficientParameters: '200004',
  parameterError: '200005',
} as const satisfies Record<string, ErrorCode>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}

/**
 * Messages that are not server codes but that every client shows: the network failure
 * of SPEC.md §7 and the throttling answer of the login call.
 */
export const clientMessageKeys = ['network', 'tooManyRequests', 'notFound'] as const;
export type ClientMessageKey = (typeof clientMessageKeys)[number];

/** One language's texts: every catalogue code plus the client messages. */
export type CatalogueMessages = Record<ErrorCode, string> & Record<ClientMessageKey, string>;
