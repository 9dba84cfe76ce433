import type { StoredRecord } from '@corral/core';
import { Parameters } from './row-records.js';
import type { UnitStatement } from './sql-driver.js';
import { countedAfter, insertText, insertTuples, manyStatements, type WriteSource } from './table-writes.js';

/** The texts of a lone create's statements; undefined where one would need the INSERT's answer. */
interface LoneTexts {
  /** Run before the INSERT (see `SqlDialect.generatedId`). */
  readonly clear: string | undefined;
  readonly insert: string;
  /** The revision's count, where the log's append does not count the write (see `countedAfter`). */
  readonly bump: string | undefined;
  /** The log row, read back from the table. */
  readonly log: string | undefined;
}

/** Texts by table shape (made again when the table's map or dialect changes) and by whether the store gives the id. */
const textsByShape = new WeakMap<object, Map<boolean, LoneTexts | undefined>>();

function textsOf(
  source: WriteSource<unknown, unknown>,
  given: boolean,
  tuple: readonly unknown[],
): LoneTexts | undefined {
  let byGiven = textsByShape.get(source.shape);
  if (!byGiven) textsByShape.set(source.shape, (byGiven = new Map()));
  if (byGiven.has(given)) return byGiven.get(given);
  const { map, dialect } = source;
  const placeholder = dialect.placeholder;
  let log: string | undefined;
  let clear: string | undefined;
  let made: LoneTexts | undefined;
  const append = source.changeSql?.appendCreated;
  const generated = given ? undefined : dialect.generatedId?.(map);
  if (source.changeWriting !== 'after' || (append && (given || generated))) {
    if (source.changeWriting === 'after') {
      clear = generated?.clear;
      log = append!(map, source.shape.table, placeholder(1), generated?.id ?? placeholder(2));
    }
    made = {
      clear,
      // The text depends on the tuple's length only, the same for every create of the store.
      insert: insertText(source, given, [tuple], new Parameters(placeholder)),
      bump: countedAfter(source) ? dialect.bookkeeping.revisionBump(placeholder(1)) : undefined,
      log,
    };
  }
  byGiven.set(given, made);
  return made;
}

/**
 * Creates a record outside any unit of work, on a table whose writes take more than one statement
 * (a table the application owns, on an engine without writable CTEs), as one unit whose
 * statements are all known before the first is sent: the INSERT, then the revision's count where
 * the log does not count it, and the log row read back from the table by the record's id (the one
 * the store gave, or the one the database gave, as `SqlDialect.generatedId` names it). None of
 * them needs the INSERT's answer, so the driver sends them with the unit's begin and commit in one
 * round trip (`SqlDriver.runUnit`). Undefined, having kept nothing, where the driver has no such
 * unit, a statement would need the INSERT's answer (an id from a column default the database
 * cannot name afterwards), or the log found no row by the id: the create then runs through
 * `write` as any other.
 */
export async function createInOneUnit<T, C>(source: WriteSource<T, C>, data: T): Promise<StoredRecord<T> | undefined> {
  const { driver, map } = source;
  if (!driver.runUnit || !manyStatements(source)) return undefined;
  const fresh = source.newId(driver.readsOn(undefined));
  const id = fresh instanceof Promise ? await fresh : fresh;
  const tuple = insertTuples(source, [data], [id])[0]!;
  const texts = textsOf(source, id !== undefined, tuple);
  if (!texts) return undefined;
  const statements: UnitStatement[] = [];
  if (texts.clear) statements.push({ sql: texts.clear, values: [] });
  statements.push({ sql: texts.insert, values: tuple, returning: true });
  // The revision before the log: every writer takes the collection's revision row before the log's counter.
  if (texts.bump) statements.push({ sql: texts.bump, values: [map.collection] });
  if (texts.log)
    statements.push({ sql: texts.log, values: id === undefined ? [map.collection] : [map.collection, id], changes: 1 });
  const rows = await driver.runUnit(statements);
  if (!rows) {
    // The log found no row by the id (a trigger of the application's gave the row another id than
    // the database would have): nothing was kept, and this store's creates wait for the INSERT's answer.
    textsByShape.get(source.shape)?.set(id !== undefined, undefined);
    return undefined;
  }
  if (rows.length !== 1) throw new Error(`1 row was inserted, ${rows.length} came back`);
  return source.shape.record(rows[0]!);
}
