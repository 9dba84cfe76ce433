import type { HandlerContext } from '../vocabulary/context.js';
import type { StoredRecord } from '../store/store.js';
import { findExpansions, withExpansions, type Found } from './expand.js';
import type { ListRequest } from './list-request.js';
import { representSelected, type Representation } from './represent.js';
import type { CollectionRuntime } from './runtime.js';
import { requestOptions } from './unit-of-work.js';

/** A page's records as JSON, each with what `expand` embeds, and what the expansions found (for the tag). */
export interface ShownRecords {
  /** Each record's JSON, in page order. */
  readonly json: readonly string[];
  /** What the expansions found; undefined without `expand`. */
  readonly found: readonly Found[] | undefined;
}

/** Shows a page's records: whole (from the cached JSON) or with the selected fields, with their expansions. */
export async function showRecords(
  runtime: CollectionRuntime,
  context: HandlerContext,
  list: ListRequest,
  items: readonly StoredRecord<object>[],
  read: readonly string[] | undefined,
): Promise<ShownRecords> {
  const { fields, expand } = list;
  const json =
    fields && read
      ? (await selectedRepresentations(runtime, context, items, fields, read)).map((representation) =>
          JSON.stringify(representation),
        )
      : items.map((record) => runtime.serialized.json(context.prefix, record));
  const found = expand && (await findExpansions(context, items, expand));
  if (!found) return { json, found: undefined };
  return { json: json.map((text, index) => withExpansions(context, runtime, items[index]!, text, found)), found };
}

/**
 * A page's records with only the selected fields. Records the store gave in part are read whole
 * again when the collection's links turn out to read a field the selection left out (the field is
 * then read with every later selection).
 */
async function selectedRepresentations(
  runtime: CollectionRuntime,
  context: HandlerContext,
  records: readonly StoredRecord<object>[],
  fields: readonly string[],
  read: readonly string[],
): Promise<Representation[]> {
  const readSet = new Set(read);
  const everything = new Set(runtime.recordFields);
  const shown = records.map((record) => representSelected(runtime, context.prefix, record, fields, readSet));
  const missing = records.filter((_, index) => shown[index] === undefined);
  if (missing.length > 0) {
    const whole = await runtime.collection.store.getMany(
      missing.map((record) => record.id),
      requestOptions(context),
    );
    const byId = new Map(
      whole.flatMap((lookup) => (lookup.status === 'found' ? [[lookup.record.id, lookup.record] as const] : [])),
    );
    records.forEach((record, index) => {
      shown[index] ??= representSelected(runtime, context.prefix, byId.get(record.id) ?? record, fields, everything);
    });
  }
  return shown as Representation[];
}
