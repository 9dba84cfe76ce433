import { finishedStatus, jobDefaults, runJobRequest } from './job-run.js';
import type { JobRecord, JobRequest, JobRunner, JobStatus, JobStore } from './job-store.js';

/** Limits that keep background work from exhausting memory. */
export interface MemoryJobLimits {
  /** Jobs waiting or running at once; beyond it, a request asking to run in the background answers 503. */
  readonly maxPending: number;
  /** Total size of the results kept, in bytes. */
  readonly maxResultBytes: number;
  /** How long a finished job stays visible, in ms. */
  readonly keepMs: number;
  /** Finished jobs kept at most. */
  readonly maxKept: number;
}

const defaultLimits: MemoryJobLimits = {
  ...jobDefaults,
  maxResultBytes: 64 * 1024 * 1024,
  maxKept: 10_000,
};

interface Entry {
  job: JobRecord;
  readonly request: JobRequest;
  /** When a finished job is forgotten (ms since the epoch). */
  expiresAt?: number;
}

/**
 * Jobs kept and run in this process, one after another in the order accepted (two bulk writes
 * accepted in sequence are applied in that sequence); recent results are remembered. They are
 * lost when the process stops, and another process of the API cannot see them.
 */
export function memoryJobs(limits: Partial<MemoryJobLimits> = {}, now: () => number = Date.now): JobStore {
  const settings = { ...defaultLimits, ...limits };
  const entries = new Map<string, Entry>();
  const waiting: Entry[] = [];
  let runner: JobRunner | undefined;
  let running: Promise<void> | undefined;
  let pending = 0;
  let resultBytes = 0;

  const set = (entry: Entry, status: JobStatus, extra: Partial<JobRecord> = {}) => {
    entry.job = { ...entry.job, status, ...extra };
  };

  async function drain(): Promise<void> {
    try {
      await work();
    } finally {
      running = undefined;
    }
  }

  async function work(): Promise<void> {
    // Answer the 202 before starting (setTimeout, not setImmediate: every runtime has it).
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (let entry = waiting.shift(); entry && runner; entry = waiting.shift()) {
      set(entry, 'running');
      const answer = await runJobRequest(runner, entry.request);
      set(entry, finishedStatus(answer), {
        finishedAt: new Date(now()).toISOString(),
        result: answer,
      });
      entry.expiresAt = now() + settings.keepMs;
      pending--;
      resultBytes += answer.body?.length ?? 0;
      forgetExpired();
    }
  }

  /**
   * Drops finished jobs past their time, or the oldest ones while too many are kept. Jobs finish in
   * the order they were accepted, so the map (in insertion order) starts with the oldest finished
   * ones: the loop stops at the first job to keep.
   */
  function forgetExpired(): void {
    for (const [id, entry] of entries) {
      if (entry.expiresAt === undefined) return;
      const crowded = resultBytes > settings.maxResultBytes || entries.size - pending > settings.maxKept;
      if (entry.expiresAt > now() && !crowded) return;
      entries.delete(id);
      resultBytes -= entry.job.result?.body?.length ?? 0;
    }
  }

  return {
    async enqueue({ request, scope, subject }) {
      if (pending >= settings.maxPending) return undefined;
      forgetExpired();
      const entry: Entry = {
        job: { id: crypto.randomUUID(), status: 'queued', createdAt: new Date(now()).toISOString(), scope, subject },
        request,
      };
      entries.set(entry.job.id, entry);
      waiting.push(entry);
      pending++;
      if (runner) running ??= drain();
      return entry.job;
    },
    async get(id) {
      const entry = entries.get(id);
      return entry?.expiresAt !== undefined && entry.expiresAt <= now() ? undefined : entry?.job;
    },
    start(run) {
      runner = run;
      if (waiting.length > 0) running ??= drain();
    },
    async close() {
      await running;
    },
  };
}
