import { label } from '../schema.js';

/** Which columns the list shows (and so which `fields` it asks for). */
export function Columns({
  fields,
  chosen,
  choose,
}: {
  fields: string[];
  chosen: string[];
  choose: (names: string[]) => void;
}) {
  return (
    <details class="columns">
      <summary>Columns</summary>
      <fieldset>
        <legend>Columns shown</legend>
        {fields
          .filter((f) => f !== 'id')
          .map((field) => (
            <label key={field} class="check">
              <input
                type="checkbox"
                checked={chosen.includes(field)}
                onChange={(e) =>
                  choose(e.currentTarget.checked ? [...chosen, field] : chosen.filter((c) => c !== field))
                }
              />
              {label(field)}
            </label>
          ))}
      </fieldset>
    </details>
  );
}
