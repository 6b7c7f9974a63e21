import type { Readable } from 'node:stream';
import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  type CallDef,
  defaultLanguage,
  type ErrorCode,
  type ErrorEnvelope,
  type EventStreamDef,
  isLanguage,
  type Language,
  okEnvelope,
  type UploadDef,
} from '@helio/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Caller, SessionScope } from '../core/caller.ts';
import { Refusal } from '../core/refusal.ts';
import { httpStatusOf } from './http-status.ts';
import { parseBody } from './parse-body.ts';

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

/** What an upload handler gets: the whole file's bytes, never its client-side name or declared type. */
export interface UploadContext {
  bytes: Buffer;
  caller: Caller;
  log: FastifyBaseLogger;
}

/**
 * What a streaming upload's handler gets: the file as it arrives (read it once, to its end, or
 * leave it: an unread rest is drained), the name the client gave it, never held whole.
 */
export interface StreamUploadContext {
  file: Readable;
  /** The client's name of the file (a base name, at most 255 characters): for display and type checks only. */
  fileName: string;
  caller: Caller;
  log: FastifyBaseLogger;
}

/** The error of a file over its upload's limit: the error handler answers it 200005 with HTTP 413. */
function fileTooLarge(): Error {
  return Object.assign(new Error('file over the upload limit'), {
    statusCode: 413,
    code: 'FST_REQ_FILE_TOO_LARGE',
  });
}

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

/** How a call is registered beyond its contract. */
export interface HandleOptions {
  /**
   * Scopes of restricted tokens (besides `full`) that may make this call; every other call
   * refuses them with 9001.
   */
  scopes?: readonly Exclude<SessionScope, 'full'>[];
}

/**
 * Registers contract calls as POST routes. The chain of every call: authenticate (unless public)
 * → token scope check → demo read-only check for writes → validate the body → handler → envelope.
 */
export class CallRegistry {
  readonly registered = new Set<string>();
  /** Multipart uploads, kept apart: they are not JSON calls of `allCalls`. */
  readonly registeredUploads = new Set<string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: CallRegistryOptions,
  ) {}

  /**
   * Authenticates a non-public call's Token (else 1000), refuses a restricted token the call does
   * not allow (9001) and writes by the demo account (9001).
   */
  private async callerOf(
    request: FastifyRequest,
    call: Pick<CallDef, 'access' | 'kind'>,
    options: HandleOptions = {},
  ): Promise<Caller | null> {
    if (call.access !== 'user') return null;
    const token = request.headers.token;
    const caller =
      typeof token === 'string' && token.length > 0 ? await this.options.authenticate(token) : null;
    if (!caller) throw new Refusal('1000');
    const scope = caller.scope ?? 'full';
    if (scope !== 'full' && !options.scopes?.includes(scope)) throw new Refusal('9001');
    if (call.kind === 'write' && caller.isDemo) throw new Refusal('9001');
    return { ...caller, clientIp: request.ip };
  }

  /** The success envelope, after checking the answer against its contract when asked to. */
  private answer(
    path: string,
    schema: z.ZodType,
    data: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.options.checkAnswers) {
      const checked = schema.safeParse(data);
      if (!checked.success)
        throw new Error(`answer of ${path} breaks its contract: ${checked.error.message}`);
    }
    reply.header('cache-control', 'no-store');
    return { ...okEnvelope(data ?? null), request_id: request.id };
  }

  handle<C extends CallDef>(call: C, handler: CallHandler<C>, options: HandleOptions = {}): void {
    if (this.registered.has(call.path)) throw new Error(`call ${call.path} registered twice`);
    this.registered.add(call.path);
    this.app.post(
      `${this.options.prefix}${call.path}`,
      async (request: FastifyRequest, reply: FastifyReply) => {
        const caller = await this.callerOf(request, call, options);
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
        return this.answer(call.path, call.data, data, request, reply);
      },
    );
  }

  /**
   * A POST route taking one file in multipart field `upload.field`, in its own plugin scope (so
   * every other call keeps only its JSON and form parsers): authenticated like a write call, no
   * file 200003, a file under another field 200005; `answerPart` makes the answer's data.
   */
  private multipartRoute<U extends UploadDef>(
    upload: U,
    answerPart: (
      part: MultipartFile,
      caller: Caller,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>,
  ): void {
    if (this.registeredUploads.has(upload.path)) throw new Error(`upload ${upload.path} registered twice`);
    this.registeredUploads.add(upload.path);
    const url = `${this.options.prefix}${upload.path}`;
    this.app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: upload.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
      });
      scope.post(url, async (request, reply) => {
        const caller = (await this.callerOf(request, upload)) as Caller;
        if (!request.isMultipart()) throw new Refusal('200003');
        const part = await request.file();
        if (!part) throw new Refusal('200003');
        if (part.fieldname !== upload.field) {
          part.file.resume();
          throw new Refusal('200005');
        }
        const data = await answerPart(part, caller, request, reply);
        return this.answer(upload.path, upload.data, data, request, reply);
      });
    });
  }

  /**
   * Registers a multipart upload of one file read whole up to `upload.maxBytes` (beyond: 200005
   * with HTTP 413), for small files such as photos.
   */
  upload<U extends UploadDef>(upload: U, handler: (ctx: UploadContext) => Promise<z.input<U['data']>>): void {
    this.multipartRoute(upload, async (part, caller, request) => {
      const bytes = await part.toBuffer();
      // toBuffer throws for a file over the limit only when busboy marks it truncated before the
      // last chunk is read; when the mark comes with the end, it answers the first maxBytes.
      if (part.file.truncated || bytes.length > upload.maxBytes) throw fileTooLarge();
      return handler({ bytes, caller, log: request.log });
    });
  }

  /**
   * Registers a multipart upload whose handler reads the file as a stream (large files: firmware
   * images), never buffered whole. Past `upload.maxBytes` the stream fails with the 413 error
   * (200005), so whatever the handler pipes it into fails too. A handler that refuses before
   * reading leaves the rest to be drained.
   */
  streamUpload<U extends UploadDef>(
    upload: U,
    handler: (ctx: StreamUploadContext) => Promise<z.input<U['data']>>,
  ): void {
    this.multipartRoute(upload, async (part, caller, request, reply) => {
      const { file } = part;
      const tooLarge = () => {
        // the rest of the body is never read: the connection ends with this answer
        reply.header('connection', 'close');
        return fileTooLarge();
      };
      // busboy cuts the file at the limit and would end it as if complete: make that a failure,
      // also when the cut came with the first chunks, before this route got the part
      if (file.truncated) file.destroy(fileTooLarge());
      else file.once('limit', () => file.destroy(fileTooLarge()));
      const fileName = (part.filename.split(/[\\/]/).pop() ?? '').slice(-255);
      try {
        const data = await handler({ file, fileName, caller, log: request.log });
        if (file.truncated) throw tooLarge();
        return data;
      } catch (error) {
        if (file.truncated) throw tooLarge();
        if (!file.readableEnded && !file.destroyed) file.resume();
        throw error;
      }
    });
  }

  /** Streams open now: the app's close ends them (they would hold the server open). */
  private readonly streams = new Set<AbortController>();
  readonly registeredStreams = new Set<string>();

  /**
   * Registers a stream of server-sent events: the same chain as a read call (Token → 1000, a
   * restricted token → 9001, the body → 2000xx) and `open`, which refuses with the usual envelope
   * before the stream begins or answers the run that sends the events. The Token is checked again
   * every `recheckMs`: a session that ended ends its stream; so do the client leaving and the app
   * closing. A comment line every `heartbeatMs` keeps proxies from closing an idle stream.
   */
  eventStream<S extends EventStreamDef>(
    def: S,
    open: (ctx: {
      body: z.output<S['body']>;
      caller: Caller;
      log: FastifyBaseLogger;
    }) => Promise<(send: (event: z.input<S['event']>) => void, signal: AbortSignal) => Promise<void>>,
    timing: { recheckMs?: number; heartbeatMs?: number } = {},
  ): void {
    if (this.registeredStreams.has(def.path)) throw new Error(`stream ${def.path} registered twice`);
    this.registeredStreams.add(def.path);
    const recheckMs = timing.recheckMs ?? 5_000;
    const heartbeatMs = timing.heartbeatMs ?? 15_000;
    if (this.registeredStreams.size === 1)
      this.app.addHook('preClose', async () => {
        for (const stream of this.streams) stream.abort();
      });
    this.app.post(`${this.options.prefix}${def.path}`, async (request, reply) => {
      const caller = (await this.callerOf(request, def)) as Caller;
      const body = parseBody(def.body, request.body) as z.output<S['body']>;
      const run = await open({ body, caller, log: request.log });
      const token = String(request.headers.token);
      const controller = new AbortController();
      this.streams.add(controller);
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.on('close', () => controller.abort());
      const send = (event: z.input<S['event']>) => {
        if (controller.signal.aborted) return;
        raw.write(`data: ${JSON.stringify(def.event.parse(event))}\n\n`);
      };
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), heartbeatMs);
      const recheck = setInterval(() => {
        this.options.authenticate(token).then(
          (again) => {
            if (!again) controller.abort();
          },
          () => controller.abort(),
        );
      }, recheckMs);
      try {
        await run(send, controller.signal);
      } catch (error) {
        if (!controller.signal.aborted) request.log.error({ err: error }, 'event stream failed');
      } finally {
        clearInterval(heartbeat);
        clearInterval(recheck);
        this.streams.delete(controller);
        controller.abort();
        raw.end();
      }
    });
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
