import { createHash, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { DEMO_USER_ID } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../core/caller.ts';
import type { DownloadsRepository } from './downloads-repository.ts';

/**
 * Single-use downloads (the alarm and chart exports). A call checks the caller and what to
 * produce, then answers a ticket valid for a minute; `GET {base}downloads/<ticket>` streams the
 * file once. A browser download cannot send the Token header, so the unguessable ticket is the
 * capability: it is kept hashed, works once, and the file is written with the caller's rights as
 * they are at download time.
 */

export const DOWNLOAD_TICKET_TTL_MS = 60_000;
const TICKET = /^[A-Za-z0-9_-]{43}$/;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Writes the file of a ticket's params into `out`. */
export type DownloadWriter = (out: PassThrough, caller: Caller, params: never) => Promise<void>;

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export function downloads(
  repo: DownloadsRepository,
  options: { apiBase: string; prefix: string; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  const writers = new Map<string, DownloadWriter>();

  return {
    /** The writer of one kind of file. */
    register(kind: string, writer: DownloadWriter): void {
      writers.set(kind, writer);
    },

    /** Stores a ticket for `params` (already checked by the call) and answers its address. */
    async issue(
      caller: Caller,
      kind: string,
      params: unknown,
      fileName: string,
    ): Promise<{ download_url: string; file_name: string; expires_at: string }> {
      if (!writers.has(kind)) throw new Error(`no writer for downloads of kind ${kind}`);
      const ticket = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + DOWNLOAD_TICKET_TTL_MS);
      await repo.insert({
        hash: hashTicket(ticket),
        userId: caller.userId,
        kind,
        params: { fileName, params },
        at,
        expiresAt,
      });
      return {
        download_url: `${options.apiBase}downloads/${ticket}`,
        file_name: fileName,
        expires_at: expiresAt.toISOString(),
      };
    },

    /** `GET {base}downloads/<ticket>`: the file, once; 404 for an unknown, used or expired ticket. */
    route(app: FastifyInstance): void {
      app.get<{ Params: { ticket: string } }>(
        `${options.prefix}downloads/:ticket`,
        async (request, reply) => {
          const { ticket } = request.params;
          const refuse = () =>
            reply
              .status(404)
              .header('cache-control', 'no-store')
              .type('text/plain')
              .send('Not found or expired');
          if (!TICKET.test(ticket) || writers.size === 0) return refuse();
          const claimed = await repo.claim(hashTicket(ticket), [...writers.keys()]);
          const writer = claimed && writers.get(claimed.kind);
          if (!claimed || !writer) return refuse();
          const caller: Caller = {
            userId: claimed.user_id,
            roleId: claimed.role_id,
            installerLevel: claimed.installer_level,
            sessionId: 0,
            isDemo: claimed.user_id === DEMO_USER_ID,
          };
          const out = new PassThrough();
          writer(out, caller, claimed.params.params as never).catch((error: unknown) => {
            request.log.error({ err: error, kind: claimed.kind }, 'download failed');
            out.destroy(error as Error);
          });
          return reply
            .type(XLSX)
            .header('content-disposition', `attachment; filename="${claimed.params.fileName}"`)
            .header('cache-control', 'no-store')
            .header('x-content-type-options', 'nosniff')
            .send(out);
        },
      );
    },
  };
}

export type Downloads = ReturnType<typeof downloads>;
