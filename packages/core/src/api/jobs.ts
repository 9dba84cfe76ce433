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
  /** The answer the request would have had if run synchronously. */
  result?: { status: number; body?: unknown };
}

/** Runs accepted work in the background, one job after another, and remembers the latest results. */
export class JobQueue {
  private readonly jobs = new Map<string, Job>();
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly retain = 1000) {}

  enqueue(owner: { scope: string | undefined; subject: string | undefined }, work: () => Promise<CorralResponse>): Job {
    const job: Job = { id: randomUUID(), status: 'queued', createdAt: new Date().toISOString(), ...owner };
    this.jobs.set(job.id, job);
    this.forgetOldest();
    // One at a time, in order: two bulk writes accepted in sequence are applied in that sequence.
    this.chain = this.chain.then(() => this.run(job, work));
    return job;
  }

  get(id: string): Job | undefined {
    return this.jobs.get(id);
  }

  private async run(job: Job, work: () => Promise<CorralResponse>): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve)); // answer the 202 before starting
    job.status = 'running';
    const response = await work();
    job.result = { status: response.status, ...(response.body ? { body: JSON.parse(response.body) } : {}) };
    job.status = response.status < 400 ? 'succeeded' : 'failed';
    job.finishedAt = new Date().toISOString();
  }

  /** Keeps memory bounded: beyond `retain` jobs, the oldest finished ones are dropped. */
  private forgetOldest(): void {
    if (this.jobs.size <= this.retain) return;
    for (const [id, job] of this.jobs) {
      if (job.status === 'succeeded' || job.status === 'failed') {
        this.jobs.delete(id);
        if (this.jobs.size <= this.retain) return;
      }
    }
  }
}
