import {
  type CallDef,
  defaultLanguage,
  type ErrorCode,
  type ErrorEnvelope,
  isLanguage,
  type Language,
  okEnvelope,
} from '@helio/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parseBody } from './parse-body.ts';
import { httpStatusOf, Refusal } from './refusal.ts';

/** Who is calling, resolved from the Token header by the auth domain. */
export interface Caller {
  userId: number;
  roleId: number;
  installerLevel: number | null;
  sessionId: number;
  /** The read-only demo account (user id 5): every write is refused with 9001. */
  isDemo: boolean;
}

export interface CallContext<Body> {
  body: Body;
  caller: Caller | null;
  requestId: string;
  log: FastifyBaseLogger;
  clientIp: string;
  userAgent: string | undefined;
  /** The interface language the client sent in its Lang header (English when absent or unknown). */
  language: Language;
}

export interface PublicCallContext<Body> extends CallContext<Body> {}
export interface UserCallContext<Body> extends CallContext<Body> {
  caller: Caller;
}

type ContextOf<C extends CallDef> = C['access'] extends 'public'
  ? PublicCallContext<z.output<C['body']>>
  : UserCallContext<z.output<C['body']>>;

export type CallHandler<C extends CallDef> = (ctx: ContextOf<C>) => Promise<z.input<C['data']>>;

export interface CallRegistryOptions {
  /** Path prefix of every call, e.g. `/` or `/portal/`. */
  prefix: string;
  /** Resolves a Token header to its caller, or null when unknown, expired or revoked. */
  authenticate(token: string): Promise<Caller | null>;
  /** Check every answer against its contract (tests), so a drift between server and contract fails. */
  checkAnswers: boolean;
}

export function errorEnvelope(code: ErrorCode, requestId: string, refusal?: Refusal): ErrorEnvelope {
  const envelope: ErrorEnvelope = { code: 400, msg: code, request_id: requestId };
  if (refusal?.issues?.length) envelope.data = { issues: refusal.issues };
  return envelope;
}

/**
 * Registers contract calls as POST routes. The chain of every call: authenticate (unless public)
 * → demo read-only check for writes → validate the body → handler → envelope.
 */
export class CallRegistry {
  readonly registered = new Set<string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: CallRegistryOptions,
  ) {}

  handle<C extends CallDef>(call: C, handler: CallHandler<C>): void {
    if (this.registered.has(call.path)) throw new Error(`call ${call.path} registered twice`);
    this.registered.add(call.path);
    const { authenticate, checkAnswers } = this.options;
    this.app.post(
      `${this.options.prefix}${call.path}`,
      async (request: FastifyRequest, reply: FastifyReply) => {
        let caller: Caller | null = null;
        if (call.access === 'user') {
          const token = request.headers.token;
          caller = typeof token === 'string' && token.length > 0 ? await authenticate(token) : null;
          if (!caller) throw new Refusal('1000');
          if (call.kind === 'write' && caller.isDemo) throw new Refusal('9001');
        }
        const body = parseBody(call.body, request.body);
        const userAgent = request.headers['user-agent'];
        const lang = request.headers.lang;
        const data = await handler({
          body,
          caller,
          requestId: request.id,
          log: request.log,
          clientIp: request.ip,
          userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : undefined,
          language: isLanguage(lang) ? lang : defaultLanguage,
        } as ContextOf<C>);
        if (checkAnswers) {
          const checked = call.data.safeParse(data);
          if (!checked.success) {
            throw new Error(`answer of ${call.path} breaks its contract: ${checked.error.message}`);
          }
        }
        reply.header('cache-control', 'no-store');
        return { ...okEnvelope(data ?? null), request_id: request.id };
      },
    );
  }
}

/** Maps every error thrown on a route to an envelope; only the unexpected ones are 5xx. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof Refusal) {
      request.log.info({ msg: `refused ${error.code}` });
      if (error.retryAfterS) reply.header('retry-after', String(error.retryAfterS));
      return reply.status(httpStatusOf(error.code)).send(errorEnvelope(error.code, request.id, error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: unparsable JSON, empty JSON body, unsupported media type, too large.
      const code: ErrorCode = error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? '200003' : '200005';
      request.log.info({ msg: `malformed request: ${error.code ?? error.name}` });
      return reply
        .status(status === 413 || status === 415 ? status : 400)
        .send(errorEnvelope(code, request.id));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorEnvelope('9999', request.id));
  });
}
