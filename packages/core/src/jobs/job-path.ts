/** The segment below a version prefix where jobs are read; no collection may take the name. */
export const jobsSegment = 'jobs';

/** Where a job is read: `{prefix}/jobs/{id}`, the Location of a 202 and the job's self link. */
export const jobPath = (prefix: string, id: string): string => `${prefix}/${jobsSegment}/${id}`;
