import { ApiError } from '@corral/core';
import type { TableMap } from './table-map.js';

/** A rule of the database that refused a write, in terms both dialects can report. */
export interface Violation {
  /** Which kind of rule: a unique value, a foreign key, NOT NULL, or a check (also a value the column type refuses). */
  readonly kind: 'unique' | 'foreign-key' | 'not-null' | 'check';
  /** The column named by the database, when it names one. */
  readonly column?: string;
  /** Every column of a unique key the database names (a key over several columns names them all). */
  readonly columns?: readonly string[];
  /** The constraint's name, when the database gives it. */
  readonly constraint?: string;
}

/**
 * The API error for a write the database refused: a taken unique value is a 409 naming its field
 * (or the column, when no field maps to it) in `errors`; a foreign key
 * still pointing at a record being deleted is `resourceInUse`; a key naming no record, a missing
 * value or a failed check (rules of a table the user owns that the schema does not state) are
 * invalid input, 422, naming the fields of the columns the database or the broken CHECK names.
 */
export function violationError(map: TableMap, violation: Violation, deleting: boolean): ApiError {
  const fieldOf = (name: string | undefined) => map.columns.find((column) => column.column === name)?.field;
  const field = fieldOf(violation.column);
  const rule = violation.constraint ? ` (${violation.constraint})` : '';
  // The fields of the key, or the columns themselves for columns the collection does not map.
  const taken = (violation.columns ?? (violation.column ? [violation.column] : [])).map((c) => fieldOf(c) ?? c);
  switch (violation.kind) {
    case 'unique':
      return new ApiError(
        'valueTaken',
        `Another record of ${map.collection} already holds this ${taken.length > 0 ? `value of ${taken.join(', ')}` : 'value'}${rule}; nothing was written`,
        { fieldErrors: taken.map((name) => ({ field: name, message: 'is already taken by another record' })) },
      );
    case 'foreign-key':
      if (deleting)
        return new ApiError(
          'resourceInUse',
          `Cannot delete: other records still refer to this record of ${map.collection}${rule}. Delete or move them first`,
        );
      return new ApiError('validationFailed', `A reference names no existing record${rule}`, {
        fieldErrors: [{ field: field ?? violation.column ?? '', message: 'must name an existing record' }],
      });
    default:
      return refusedValues(map, violation);
  }
}

/**
 * A missing value or a broken check (also a value the column type refuses), naming each field it
 * can: the column the database names, or the columns the broken CHECK reads (from the catalog).
 * A CHECK over columns no field maps to names the body as a whole (an empty field).
 */
function refusedValues(map: TableMap, violation: Violation): ApiError {
  const rule = violation.constraint ? ` (${violation.constraint})` : '';
  const columns = violation.column
    ? [violation.column]
    : violation.constraint === undefined
      ? []
      : (map.checks?.get(violation.constraint) ?? []);
  // In the schema's order, whatever order the database lists the columns in.
  const fields = map.columns.filter((column) => columns.includes(column.column)).map((column) => column.field);
  const message = violation.kind === 'not-null' ? 'is required' : `breaks a rule of the table${rule}`;
  const together = (field: string) => {
    const others = fields.filter((other) => other !== field);
    return others.length === 0 ? message : `${message}, together with ${others.join(', ')}`;
  };
  return new ApiError(
    'validationFailed',
    `${fields.length > 0 ? `${fields.join(', ')}: ` : ''}the database refused the values${rule}; nothing was written`,
    {
      fieldErrors:
        fields.length > 0 ? fields.map((field) => ({ field, message: together(field) })) : [{ field: '', message }],
    },
  );
}
