/** Statements that begin like a query, and nothing else. */
const queryStart = /^\s*(?:\(\s*)*(?:SELECT|WITH|EXPLAIN|SHOW|VALUES|TABLE)\b/i;
/**
 * Words that may change something even inside a query: data-modifying CTEs, row locks, sequences,
 * notifications, advisory locks. Erring towards "write" only costs a retry; the other way would
 * repeat a write.
 */
const changing =
  /\b(?:INSERT|UPDATE|DELETE|MERGE|TRUNCATE|COPY|CALL|DO|LOCK|NOTIFY|nextval|setval|pg_notify|pg_advisory\w*|INTO)\b/i;

/**
 * Whether a statement only reads, so that running it again after its connection was cut changes
 * nothing: it begins like a query and names nothing that writes. Functions of the application that
 * write cannot be seen here; name the statement a write where it calls one.
 */
export function onlyReads(text: string): boolean {
  return queryStart.test(text) && !changing.test(text);
}
