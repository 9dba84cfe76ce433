import type { StoredRecord } from '@corral/core';
import { Parameters } from './row-records.js';
import type { UnitStatement } from './sql-driver.js';
import { countedAfter, insertText, insertTuples, manyStatements, type WriteSource } from './table-writes.js';

/** The texts of the statements of creates of some number of records. */
interface UnitTexts {
  /** Run before the INSERT (see `SqlDialect.generatedIds`). */
  readonly clear: string | undefined;
  readonly insert: string;
  /** The revision's count, where the log's append does not count the write (see `countedAfter`). */
  readonly bump: string | undefined;
  /** The unit's count before its log rows, where the log counts the write (see `ChangeSql.countCreated`). */
  readonly count: string | undefined;
  /** The log rows, read back from the table. */
  readonly log: string | undefined;
}

/**
 * Texts by table shape (made again when the table's map or dialect changes), then by whether the
 * store gives the ids and how many records: undefined where a statement would need the INSERT's
 * answer. `refused`: kinds of unit (ids given or not, one record or more) whose log found other
 * rows than those written, which the store no longer tries.
 */
const textsByShape = new WeakMap<object, { texts: Map<string, UnitTexts | undefined>; refused: Set<string> }>();

/** The kind of a unit as `refused` names it. */
const kindOf = (given: boolean, count: number) => `${given ? 'given' : 'generated'} ${count > 1 ? 'many' : 'one'}`;

function textsOf(
  source: WriteSource<unknown, unknown>,
  given: boolean,
  tuples: readonly (readonly unknown[])[],
): UnitTexts | undefined {
  let known = textsByShape.get(source.shape);
  if (!known) textsByShape.set(source.shape, (known = { texts: new Map(), refused: new Set() }));
  if (known.refused.has(kindOf(given, tuples.length))) return undefined;
  const key = `${given ? 'given' : 'generated'} x${tuples.length}`;
  if (known.texts.has(key)) return known.texts.get(key);
  const made = build(source, given, tuples);
  known.texts.set(key, made);
  return made;
}

function build(
  source: WriteSource<unknown, unknown>,
  given: boolean,
  tuples: readonly (readonly unknown[])[],
): UnitTexts | undefined {
  const { map, dialect } = source;
  const placeholder = dialect.placeholder;
  let log: string | undefined;
  let clear: string | undefined;
  let count: string | undefined;
  if (source.changeWriting === 'after') {
    const append = source.changeSql?.appendCreated;
    const generated = given ? undefined : dialect.generatedIds?.(map);
    if (!append || (!given && !generated)) return undefined;
    clear = generated?.clear;
    count = source.changeSql?.countCreated?.(placeholder(1), tuples.length);
    // The ids the store gave follow the collection (?1), in the records' order.
    const ids = tuples.map((_, i) => placeholder(i + 2));
    log = append(map, source.shape.table, placeholder(1), (column) =>
      generated
        ? { where: generated.where(column, tuples.length), order: column }
        : { where: `${column} IN (${ids.join(', ')})`, order: `FIELD(${column}, ${ids.join(', ')})` },
    );
  }
  return {
    clear,
    // The text depends on the number of tuples and their length only, the same for every such batch.
    insert: insertText(source, given, tuples, new Parameters(placeholder)),
    bump: countedAfter(source) ? dialect.bookkeeping.revisionBump(placeholder(1)) : undefined,
    count,
    log,
  };
}

/**
 * Creates records outside any unit of work, on a table whose writes take more than one statement
 * (a table the application owns, on an engine without writable CTEs), as one unit whose
 * statements are all known before the first is sent: the INSERT, then the revision's count where
 * the log does not count it, and the log rows read back from the table by the records' ids (the
 * ones the store gave, or the ones the database gave, as `SqlDialect.generatedIds` names them).
 * None of them needs the INSERT's answer, so the driver sends them with the unit's begin and
 * commit in one round trip (`SqlDriver.runUnit`). The records come back in the order given.
 *
 * Undefined, having kept nothing, where the driver has no such unit, a statement would need the
 * INSERT's answer (ids from a column default the database cannot name afterwards), or the log did
 * not find exactly the rows written by their ids (a trigger of the application's gave them other
 * ids, say): the creates then run through `write` as any other, and the store does not try that
 * kind of unit again.
 */
export async function createInOneUnit<T, C>(
  source: WriteSource<T, C>,
  many: readonly T[],
): Promise<StoredRecord<T>[] | undefined> {
  const { driver, map } = source;
  if (!driver.runUnit || !manyStatements(source)) return undefined;
  const ids: unknown[] = [];
  for (const _ of many) {
    const fresh = source.newId(driver.readsOn(undefined));
    ids.push(fresh instanceof Promise ? await fresh : fresh);
  }
  const given = ids[0] !== undefined;
  const tuples = insertTuples(source, many, ids);
  const texts = textsOf(source, given, tuples);
  if (!texts) return undefined;
  const statements: UnitStatement[] = [];
  if (texts.clear) statements.push({ sql: texts.clear, values: [] });
  statements.push({ sql: texts.insert, values: tuples.flat(), returning: true });
  // The revision before the log: every writer takes the collection's revision row before the log's counter.
  if (texts.bump) statements.push({ sql: texts.bump, values: [map.collection] });
  if (texts.count) statements.push({ sql: texts.count, values: [map.collection], changes: 1 });
  if (texts.log)
    statements.push({ sql: texts.log, values: [map.collection, ...(given ? ids : [])], changes: many.length });
  const rows = await driver.runUnit(statements);
  if (!rows) {
    textsByShape.get(source.shape)?.refused.add(kindOf(given, many.length));
    return undefined;
  }
  if (rows.length !== many.length) throw new Error(`${many.length} rows were inserted, ${rows.length} came back`);
  return rows.map((row) => source.shape.record(row));
}
