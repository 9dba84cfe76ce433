// The collection the database benchmark serves, and the data it is filled with (the same rows in
// SQLite and PostgreSQL: a pseudo-random hex name, so that sorting by name is real work).
import { z } from 'zod';

export const itemSchema = z.object({ name: z.string().max(40), state: z.enum(['internal', 'external']), yearOfBirth: z.number().int() });
export const itemDeclaration = { name: 'items', schema: itemSchema, filters: { state: 'state' }, sortable: ['name', 'yearOfBirth'], searchable: ['name'] };

/** SQL for row i's fields, as PostgreSQL and SQLite both write it. */
export const nameSql = {
  postgres: "lpad(to_hex((i::bigint * 2654435761) % 4294967296), 8, '0') || ' ' || i",
  sqlite: "printf('%08x', (i * 2654435761) % 4294967296) || ' ' || i",
};
export const stateSql = "CASE WHEN i % 3 = 0 THEN 'external' ELSE 'internal' END";
export const yearSql = '1950 + i % 60';
