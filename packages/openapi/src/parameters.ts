import { inputLimits } from '@corral/core';

/** A path parameter naming a record, parent or job; the server answers 404 past the length limit. */
export function idPathParameter(name: string, description: string): Record<string, unknown> {
  return {
    name,
    in: 'path',
    required: true,
    description,
    schema: { type: 'string', minLength: 1, maxLength: inputLimits.pathParameterLength },
  };
}

const conditionSchema = { type: 'string', maxLength: inputLimits.conditionHeaderLength };
export const ifMatch = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: 'Write only if the ETag still matches (else 412).',
  schema: conditionSchema,
};
export const ifNoneMatch = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'Answer 304 if the ETag still matches.',
  schema: conditionSchema,
};
export const preferAsync = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description: 'respond-async: run as a job, answer 202 with its Location.',
  schema: { type: 'string', enum: ['respond-async'] },
};

/** Offsets and page numbers: the server takes any safe integer (JSON numbers past 2^53 lose precision). */
export const safeIntegerSchema = (minimum: number) => ({
  type: 'integer',
  format: 'int64',
  minimum,
  maximum: Number.MAX_SAFE_INTEGER,
});
/** A page size, from 1 to the version's maximum. */
export const pageSizeSchema = (maxLimit: number) => ({
  type: 'integer',
  format: 'int32',
  minimum: 1,
  maximum: maxLimit,
});
/** The search text of a list or of the search operation. */
export const searchTextSchema = { type: 'string', minLength: 1, maxLength: inputLimits.searchTextLength };
