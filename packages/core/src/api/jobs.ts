import { randomUUID } from 'node:crypto';
import type { CorralResponse } from '../http/exchange.js';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** Work accepted with `Prefer: respond-async`, and what became of it. */
export interface Job {
  readonly id: string;
  status: JobStatus;
  readonly createdAt: string;
  finishedAt?: string;
  /** Who may look at the job: the scope the original request needed and the caller's subject. */
  readonly scope: string | undefined;
  readonly subject: string | undefined;
  /** The answer the request would have had if run synchronously; its body as serialized JSON. */
  result?: { status: number; body?: string };
  /** When a finished job is forgotten (ms since the epoch). */
  expiresAt?: number;
}

/** Limits that keep background work from exhausting memory. */
export interface JobLimits {
  /** Jobs waiting or running at once; beyond it, requests run synchronously (Prefer is only a preference). */
  readonly maxPending: number;
  /** Total size of the results kept, in bytes. */
  readonly maxResultBytes: number;
  /** How long a finished job stays visible, in ms. */
  readonly keepMs: number;
  /** Finished jobs kept at most. */
  readonly maxKept: number;
}

const defaultLimits: JobLimits = { maxPending: 100, maxResultBytes: 64 * 1024 * 1024, keepMs: 60 * 60 * 1000, maxKept: 10_000 };

/** Runs accepted work in the background, one job after another, and remembers recent results. */
export class JobQueue {
  private readonly jobs = new Map<string, Job>();
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;
  private resultBytes = 0;

  constructor(private readonly limits: JobLimits = defaultLimits, private readonly now: () => number = Date.now) {}

  /** Accepts work, or returns undefined when too much is already waiting. */
  enqueue(owner: { scope: string | undefined; subject: string | undefined }, work: () => Promise<CorralResponse>): Job | undefined {
    if (this.pending >= this.limits.maxPending) return undefined;
    this.forgetExpired();
    const job: Job = { id: randomUUID(), status: 'queued', createdAt: new Date(this.now()).toISOString(), ...owner };
    this.jobs.set(job.id, job);
    this.pending++;
    // One at a time, in order: two bulk writes accepted in sequence are applied in that sequence.
    this.chain = this.chain.then(() => this.run(job, work));
    return job;
  }

  get(id: string): Job | undefined {
    const job = this.jobs.get(id);
    return job?.expiresAt !== undefined && job.expiresAt <= this.now() ? undefined : job;
  }

  private async run(job: Job, work: () => Promise<CorralResponse>): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve)); // answer the 202 before starting
    job.status = 'running';
    const response = await work();
    const body = typeof response.body === 'string' ? response.body : undefined; // bulk answers are JSON text
    job.result = { status: response.status, ...(body !== undefined ? { body } : {}) };
    job.status = response.status < 400 ? 'succeeded' : 'failed';
    job.finishedAt = new Date(this.now()).toISOString();
    job.expiresAt = this.now() + this.limits.keepMs;
    this.pending--;
    this.resultBytes += body?.length ?? 0;
    this.forgetExpired();
  }

  /**
   * Drops finished jobs past their time, or the oldest ones while too many are kept. Jobs run in
   * the order they were accepted, so the map (in insertion order) starts with the oldest finished
   * ones: the loop stops at the first job to keep.
   */
  private forgetExpired(): void {
    const now = this.now();
    for (const [id, job] of this.jobs) {
      if (job.expiresAt === undefined) return;
      const crowded = this.resultBytes > this.limits.maxResultBytes || this.jobs.size - this.pending > this.limits.maxKept;
      if (job.expiresAt > now && !crowded) return;
      this.jobs.delete(id);
      this.resultBytes -= job.result?.body?.length ?? 0;
    }
  }
}
