import type { JSX } from 'preact';
import type { Field } from '../schema.js';
import { inputKind, label } from '../schema.js';

/** A form value as the input holds it: text, or a box's state. */
export type FormValue = string | boolean;

/** A record's value as an input holds it. */
export function toInput(field: Field, value: unknown): FormValue {
  const kind = inputKind(field.schema);
  if (kind === 'boolean') return value === true;
  if (value === undefined || value === null) return '';
  if (kind === 'json') return JSON.stringify(value, null, 2);
  if (kind === 'datetime') return String(value).slice(0, 16);
  return String(value);
}

/** An input's value as the API takes it; undefined for an empty optional field. */
export function fromInput(field: Field, value: FormValue): unknown {
  const kind = inputKind(field.schema);
  if (kind === 'boolean') return value === true;
  if (value === '') return field.required && kind === 'text' ? '' : undefined;
  if (kind === 'integer' || kind === 'number') return Number(value);
  if (kind === 'datetime') return new Date(String(value)).toISOString();
  if (kind === 'json') {
    try {
      return JSON.parse(String(value));
    } catch {
      return value;
    }
  }
  return value;
}

/** One field of a form, with its limits from the schema and the server's message beside it. */
export function Input({
  field,
  value,
  error,
  set,
}: {
  field: Field;
  value: FormValue;
  error: string | undefined;
  set: (value: FormValue) => void;
}) {
  const id = `field-${field.name}`;
  const kind = inputKind(field.schema);
  const s = field.schema;
  const common = {
    id,
    name: field.name,
    required: field.required,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  let input: JSX.Element;
  if (kind === 'enum')
    input = (
      <select {...common} value={String(value)} onChange={(e) => set(e.currentTarget.value)}>
        <option value="">{field.required ? 'Choose…' : 'none'}</option>
        {(s.enum as string[]).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  else if (kind === 'boolean')
    input = (
      <input
        {...common}
        required={false}
        type="checkbox"
        checked={value === true}
        onChange={(e) => set(e.currentTarget.checked)}
      />
    );
  else if (kind === 'json')
    input = <textarea {...common} rows={4} value={String(value)} onInput={(e) => set(e.currentTarget.value)} />;
  else
    input = (
      <input
        {...common}
        // Preact types each input type apart; the attributes given here suit all four.
        type={
          (kind === 'integer' || kind === 'number'
            ? 'number'
            : kind === 'date'
              ? 'date'
              : kind === 'datetime'
                ? 'datetime-local'
                : 'text') as 'number'
        }
        step={kind === 'integer' ? 1 : kind === 'number' ? 'any' : undefined}
        min={s.minimum as number | undefined}
        max={s.maximum as number | undefined}
        minLength={s.minLength as number | undefined}
        maxLength={s.maxLength as number | undefined}
        value={String(value)}
        onInput={(e) => set(e.currentTarget.value)}
      />
    );
  return (
    <div class={`field${error ? ' invalid' : ''}`}>
      <label for={id}>
        {label(field.name)}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {input}
      {error ? (
        <p class="error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
