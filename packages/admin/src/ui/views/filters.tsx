import type { AdminCollection, AdminFilter } from '../../model-types.js';
import { fieldsOf, inputKind, label } from '../schema.js';

type Query = URLSearchParams;

/** The input type of a range bound. */
const rangeType = (kind: string) => (kind === 'date' ? 'date' : kind === 'datetime' ? 'datetime-local' : 'number');

function bound(
  filter: AdminFilter,
  query: Query,
  change: (name: string, value: string) => void,
  side: 'from' | 'to',
  kind: string,
) {
  const operator =
    side === 'from'
      ? filter.operators.includes('gte')
        ? 'gte'
        : 'gt'
      : filter.operators.includes('lte')
        ? 'lte'
        : 'lt';
  if (!filter.operators.includes(operator)) return null;
  const name = `${filter.param}[${operator}]`;
  const id = `filter-${filter.param}-${operator}`;
  return (
    <span class="bound">
      <label for={id}>
        {label(filter.param)}{' '}
        {side === 'from' ? (operator === 'gte' ? 'from' : 'after') : operator === 'lte' ? 'to' : 'before'}
      </label>
      <input
        id={id}
        type={rangeType(kind) as 'number'}
        value={query.get(name) ?? ''}
        onChange={(e) => change(name, e.currentTarget.value)}
      />
    </span>
  );
}

/** One declared filter as typed inputs: a select for an enum, a range for numbers and dates, else text. */
function FilterInput({
  filter,
  collection,
  query,
  change,
}: {
  filter: AdminFilter;
  collection: AdminCollection;
  query: Query;
  change: (name: string, value: string) => void;
}) {
  const field = fieldsOf(collection.schema).find((f) => f.name === filter.field);
  const kind = field ? inputKind(field.schema) : 'text';
  const id = `filter-${filter.param}`;
  const ranged = filter.operators.some((op) => ['gt', 'gte', 'lt', 'lte'].includes(op));
  const equal = filter.operators.includes('eq');
  return (
    <div class="filter">
      {equal && kind === 'enum' ? (
        <>
          <label for={id}>{label(filter.param)}</label>
          <select
            id={id}
            value={query.get(filter.param) ?? ''}
            onChange={(e) => change(filter.param, e.currentTarget.value)}
          >
            <option value="">any</option>
            {((field?.schema.enum ?? []) as string[]).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </>
      ) : equal && !ranged ? (
        <>
          <label for={id}>{label(filter.param)}</label>
          <input
            id={id}
            type={(kind === 'integer' || kind === 'number' ? 'number' : 'text') as 'number'}
            value={query.get(filter.param) ?? ''}
            onChange={(e) => change(filter.param, e.currentTarget.value)}
          />
        </>
      ) : null}
      {ranged ? (
        <fieldset class="range">
          <legend>{label(filter.param)}</legend>
          {bound(filter, query, change, 'from', kind)}
          {bound(filter, query, change, 'to', kind)}
        </fieldset>
      ) : null}
    </div>
  );
}

/** The list's declared filters and its search, each changing the address (and so the list) as it is set. */
export function Filters({
  collection,
  query,
  change,
}: {
  collection: AdminCollection;
  query: Query;
  change: (name: string, value: string) => void;
}) {
  if (collection.filters.length === 0 && !collection.searchable) return null;
  return (
    <form class="filters" aria-label={`Filter ${collection.title}`} onSubmit={(e) => e.preventDefault()}>
      {collection.searchable ? (
        <div class="filter">
          <label for="search">Search</label>
          <input
            id="search"
            type="search"
            value={query.get('query') ?? ''}
            onChange={(e) => change('query', e.currentTarget.value)}
          />
        </div>
      ) : null}
      {collection.filters.map((filter) => (
        <FilterInput key={filter.param} filter={filter} collection={collection} query={query} change={change} />
      ))}
    </form>
  );
}
