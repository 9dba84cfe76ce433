import { ApiError } from '@corral/errors';
import { pageEnvelopeText, pageLinks } from '@corral/pagination';
import type { HandlerContext } from '../vocabulary/context.js';
import { accessFor, requireAccess } from '../auth/require-scope.js';
import type { StoredRecord } from '../store/store.js';
import { restrictList } from './authorize.js';
import type { Expansion } from './expand-params.js';
import { childrenPath, relationKey } from './relations.js';
import type { CollectionRuntime } from './runtime.js';
import { requestOptions } from './unit-of-work.js';

type AnyRecord = StoredRecord<object>;

/** What one expansion found for every record of its level, and what its own expansions found. */
export interface Found {
  readonly expansion: Expansion;
  /** To-one: the related records the caller may see, by id. */
  readonly related: ReadonlyMap<string, AnyRecord>;
  /** To-many: each parent record's first children and their number, by the parent's id. */
  readonly groups: ReadonlyMap<string, { readonly items: readonly AnyRecord[]; readonly total: number }>;
  readonly nested: readonly Found[];
}

/**
 * Reads what `expansions` embed for `records`, a whole level at a time: for each relation one
 * store call for every record (getMany with their distinct ids for a to-one relation, listGroups
 * for a to-many one), then the next level over every record those calls gave. A caller without the
 * related collection's read scope is refused (403); a related record its per-record rule hides is
 * left out (shown as null); a to-many relation gives what the caller's list restriction lets
 * through, as following the link would.
 */
export async function findExpansions(
  context: HandlerContext,
  records: readonly AnyRecord[],
  expansions: readonly Expansion[],
): Promise<Found[]> {
  // Every scope first, whatever the data: the answer to a caller without one never depends on what is stored.
  requireScopes(context, expansions);
  return readLevel(context, records, expansions, { embedded: 0 });
}

function requireScopes(context: HandlerContext, expansions: readonly Expansion[]): void {
  for (const { relation, nested } of expansions) {
    requireAccess(context.settings.auth, context.principal, accessFor(relation.target.collection.scopes.read));
    requireScopes(context, nested);
  }
}

async function readLevel(
  context: HandlerContext,
  records: readonly AnyRecord[],
  expansions: readonly Expansion[],
  budget: { embedded: number },
): Promise<Found[]> {
  return Promise.all(
    expansions.map(async (expansion) => {
      const { relation } = expansion;
      const found =
        relation.kind === 'one'
          ? { related: await relatedRecords(context, relation.target, relation.field, records), groups: new Map() }
          : { related: new Map(), groups: await childGroups(context, relation.target, records) };
      const next =
        relation.kind === 'one'
          ? [...found.related.values()]
          : [...found.groups.values()].flatMap((group) => group.items);
      // Each level's records count before the next is read, so that no call is asked for more than the limit allows.
      budget.embedded += next.length;
      const { maxRecords } = context.settings.expand;
      if (budget.embedded > maxRecords) {
        throw new ApiError(
          'invalidExpansion',
          `expand would embed more than ${maxRecords} records in one answer; ask for a smaller page (limit) or fewer relations`,
        );
      }
      const nested =
        expansion.nested.length > 0 && next.length > 0 ? await readLevel(context, next, expansion.nested, budget) : [];
      return { expansion, ...found, nested };
    }),
  );
}

const keyOf = (record: AnyRecord, field: string) => relationKey(record.data as Record<string, unknown>, field);

async function relatedRecords(
  context: HandlerContext,
  target: CollectionRuntime,
  field: string,
  records: readonly AnyRecord[],
): Promise<Map<string, AnyRecord>> {
  const keys = [...new Set(records.map((record) => keyOf(record, field)).filter((key) => key !== undefined))];
  if (keys.length === 0) return new Map();
  const found = (await target.collection.store.getMany(keys, requestOptions(context))).flatMap((lookup) =>
    lookup.status === 'found' ? [lookup.record] : [],
  );
  const rule = target.collection.authorize;
  const allowed = rule
    ? await Promise.all(
        found.map((record) =>
          rule({
            principal: context.principal,
            action: 'read',
            record: { ...record.data, id: record.id },
            next: undefined,
            state: context.state,
          }),
        ),
      )
    : undefined;
  return new Map(found.filter((_, index) => allowed?.[index] ?? true).map((record) => [record.id, record]));
}

async function childGroups(
  context: HandlerContext,
  child: CollectionRuntime,
  parents: readonly AnyRecord[],
): Promise<Map<string, { items: readonly AnyRecord[]; total: number }>> {
  // Parent ids as the child's field type; an id no key could be has no children.
  const keyed = parents.flatMap((parent) => {
    try {
      return [[parent.id, child.parentFilter?.parse('parentId', parent.id) ?? parent.id] as const];
    } catch {
      return [];
    }
  });
  const restriction = restrictList(child.collection, context, {});
  if (restriction === null || keyed.length === 0) return new Map();
  const query = {
    field: child.collection.parent!.field,
    keys: keyed.map(([, key]) => key),
    filter: restriction,
    limit: context.settings.expand.childLimit,
  };
  const groups = await child.collection.store.listGroups!(query, requestOptions(context));
  return new Map(keyed.map(([id], index) => [id, groups[index] ?? { items: [], total: 0 }]));
}

/**
 * A record's JSON (`json`, as the collection writes it) with what was found for it embedded: each
 * relation's property added at the end, in the order `expand` named them. Embedded records use
 * their collections' cached JSON, so an expansion costs little more than the records it adds.
 */
export function withExpansions(
  context: HandlerContext,
  owner: CollectionRuntime,
  record: AnyRecord,
  json: string,
  found: readonly Found[],
): string {
  if (found.length === 0) return json;
  let added = '';
  for (const { expansion, related, groups, nested } of found) {
    const { relation } = expansion;
    const target = relation.target;
    const embed = (item: AnyRecord) =>
      withExpansions(context, target, item, target.serialized.json(context.prefix, item), nested);
    let value: string;
    if (relation.kind === 'one') {
      const key = keyOf(record, relation.field);
      const item = key === undefined ? undefined : related.get(key);
      value = item ? embed(item) : 'null';
    } else {
      const group = groups.get(record.id) ?? { items: [], total: 0 };
      const limit = context.settings.expand.childLimit;
      const path = `${context.prefix}/${childrenPath(owner, record.id, target)}`;
      const links = pageLinks({ path, params: new URLSearchParams(), offset: 0, limit, total: group.total });
      value = pageEnvelopeText(target.collection.name, group.items.map(embed), {
        offset: 0,
        limit,
        total: group.total,
        links,
      });
    }
    added += `,${JSON.stringify(relation.name)}:${value}`;
  }
  return `${json.slice(0, -1)}${added}}`;
}

/** Text naming everything the expansions found (ids, versions, totals), from which an answer's tag is made. */
export function foundText(found: readonly Found[]): string {
  let text = '';
  for (const { expansion, related, groups, nested } of found) {
    text += `|${expansion.relation.name}:`;
    for (const record of related.values()) text += `${record.id}.${record.version},`;
    for (const [id, group] of groups) {
      text += `${id}=${group.total}(`;
      for (const item of group.items) text += `${item.id}.${item.version},`;
      text += ')';
    }
    text += `[${foundText(nested)}]`;
  }
  return text;
}
