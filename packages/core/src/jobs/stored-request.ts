import type { JobRequest } from './job-store.js';
import { payloadTooLarge } from '../http/body-limit.js';
import type { CorralRequest } from '../http/exchange.js';

/** A request kept by a job store, as the pipeline reads requests. */
export function storedRequest(job: JobRequest): CorralRequest {
  const body = job.body === undefined ? new Uint8Array() : new TextEncoder().encode(job.body);
  let query: URLSearchParams | undefined;
  return {
    method: job.method,
    path: job.path,
    rawQuery: job.query,
    get query() {
      return (query ??= new URLSearchParams(job.query));
    },
    header: (name) => job.headers[name],
    hasBody: body.length > 0,
    async readBody(limit) {
      if (body.length > limit) throw payloadTooLarge(limit);
      return body;
    },
  };
}
