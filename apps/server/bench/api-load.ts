/**
 * HTTP load for `npm run bench:api` (api.ts): a fixed number of clients, each sending its next
 * call as soon as the answer to the previous one arrived (closed loop), over kept-alive
 * connections. Latency is request sent → answer read; what completes inside the measured window
 * counts.
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { machineCpuMs, processCpuMs } from './proc-cpu.ts';

export interface LoadOptions {
  baseUrl: string;
  path: string;
  token: string;
  /** The body of each call (called once per call). */
  body: () => unknown;
  concurrency: number;
  warmupMs: number;
  measureMs: number;
  /** Processes whose CPU is measured over the window (asked for at its start), by label. */
  watch?: () => Promise<{ label: string; pids: number[] }[]>;
}

export interface LoadResult {
  path: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  firstError: string | undefined;
  /** CPU over the window in % of one core: each watched group, these clients, everything else. */
  cpu: { label: string; pct: number }[];
  /** What all cores give, in the same unit (200 for two cores). */
  capacity: number;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

/** POSTs JSON and answers the status and the body text. */
export function post(
  agent: http.Agent,
  baseUrl: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; text: string }> {
  const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          ...(token ? { token } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** One call, answered `{code: 1, data}`; anything else throws. */
export async function call<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const agent = new http.Agent({ keepAlive: false });
  const answer = await post(agent, baseUrl, path, body, token);
  const parsed = JSON.parse(answer.text) as { code: number; msg: string; data: T };
  if (answer.status !== 200 || parsed.code !== 1)
    throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return parsed.data;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const windowStart = started + options.warmupMs;
  const windowEnd = windowStart + options.measureMs;
  const client = async () => {
    while (performance.now() < windowEnd) {
      const sent = performance.now();
      let failure: string | undefined;
      try {
        const answer = await post(agent, options.baseUrl, options.path, options.body(), options.token);
        // the envelope starts with its code; a whole parse would only load this process
        if (answer.status !== 200 || !answer.text.startsWith('{"code":1,'))
          failure = `${answer.status} ${answer.text.slice(0, 300)}`;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      const done = performance.now();
      if (done < windowStart || done >= windowEnd) continue;
      if (failure) {
        errors += 1;
        firstError ??= failure;
      } else latencies.push(done - sent);
    }
  };
  // CPU of the watched processes, of this one and of the machine, over the window
  let capacity = os.availableParallelism() * 100;
  const sampling = (async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, windowStart - performance.now())));
    const groups = (await options.watch?.()) ?? [];
    const sample = () => ({
      groups: groups.map((group) => group.pids.reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0)),
      self: process.cpuUsage(),
      machine: machineCpuMs(),
      at: performance.now(),
    });
    const before = sample();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, windowEnd - performance.now())));
    const after = sample();
    const elapsed = after.at - before.at;
    const cpu = groups.map((group, index) => ({
      label: group.label,
      pct: ((after.groups[index]! - before.groups[index]!) / elapsed) * 100,
    }));
    const self =
      (after.self.user + after.self.system - before.self.user - before.self.system) / 1000 / elapsed;
    cpu.push({ label: 'clients', pct: self * 100 });
    if (before.machine && after.machine) {
      const busy = after.machine.busy - before.machine.busy;
      const cores = (after.machine.total - before.machine.total) / elapsed;
      const ours = cpu.reduce((sum, entry) => sum + entry.pct, 0);
      cpu.push({ label: 'everything else', pct: Math.max(0, (busy / elapsed) * 100 - ours) });
      capacity = Math.round(cores || os.availableParallelism()) * 100;
    }
    return cpu;
  })();
  await Promise.all(Array.from({ length: options.concurrency }, client));
  const cpu = await sampling;
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    path: options.path,
    requests: latencies.length,
    perSecond: latencies.length / (options.measureMs / 1000),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
    errors,
    firstError,
    cpu,
    capacity,
  };
}
