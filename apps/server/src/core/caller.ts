/**
 * Who a service acts for. Services and repositories take a Caller, and the HTTP edge makes one
 * (http/calls.ts); it lives here, below both, so domain code never imports the HTTP layer.
 */

/**
 * What a token may call: `full`, a sign-in, every call; `statistics`, the fleet dashboard's token,
 * only the calls registered with `{ scopes: ['statistics'] }`.
 */
export type SessionScope = 'full' | 'statistics';

/** Who is calling, resolved from the Token header by the auth domain. */
export interface Caller {
  userId: number;
  roleId: number;
  installerLevel: number | null;
  sessionId: number;
  /** The read-only demo account (user id 5): every write is refused with 9001. */
  isDemo: boolean;
  /** The platform operator (PRODUCT.md §8, `users.is_operator`): the only keeper of the firmware catalogue. */
  isOperator?: boolean;
  /** What the token may call; absent means `full`. */
  scope?: SessionScope;
  /** The client's address, for the operation log (set by the call pipeline). */
  clientIp?: string;
}
