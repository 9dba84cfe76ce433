import { quoted, type TableMap } from '@corral/sql';
import { literal } from './dialect.js';

/**
 * A row of the table (`row`: NEW or OLD in a trigger, or the name a statement gives the table) as
 * JSON by column name (the id and every field's column), as the log keeps it. Text of a table the
 * application owns may be in another collation than the names: it is converted, as JSON_OBJECT
 * takes one collation; JSON goes as its text, as the driver reads it (a digest of the values then
 * matches the row's).
 */
export function rowJson(map: TableMap, row: string): string {
  const value = (name: string, storage: string) =>
    storage === 'text' || storage === 'uuid' || storage === 'json'
      ? `CONVERT(${row}.${quoted(name)} USING utf8mb4) COLLATE utf8mb4_nopad_bin`
      : `${row}.${quoted(name)}`;
  const parts = [[map.id.column, map.id.storage], ...map.columns.map((column) => [column.column, column.storage])].map(
    ([name, storage]) => `${literal(name!)}, ${value(name!, storage!)}`,
  );
  return `JSON_OBJECT(${parts.join(', ')})`;
}
