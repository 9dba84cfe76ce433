import { ApiError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyRules, screenProperties, validateProperties, validationError, type BodyRules } from './body-rules.js';
import { refusal } from '../testing/refusal.js';

const schema = z.object({
  name: z.string().min(1),
  yearOfBirth: z.number().int(),
  state: z.enum(['internal', 'external']),
  city: z.string().optional(),
});
const rules: BodyRules = bodyRules(schema, ['id', 'links']);

/** What a GET of record 7 shows: the server's values for the read-only properties. */
const served = {
  id: '7',
  name: 'Ada',
  yearOfBirth: 1980,
  state: 'internal',
  links: [
    { rel: 'self', href: '/v1/employees/7' },
    { rel: 'salary', href: '/v1/employees/7/salaryStatements' },
  ],
};

describe('screenProperties', () => {
  it('passes the schema fields through as writable', () => {
    const body = { name: 'Ada', yearOfBirth: 1980, state: 'internal', city: 'Bern' };
    expect(screenProperties(rules, body, undefined)).toStrictEqual({ writable: body, failures: [] });
  });

  it('refuses unknown properties, naming the valid ones', () => {
    const { writable, failures } = screenProperties(rules, { name: 'Ada', colour: 'red' }, undefined);
    expect(writable).toStrictEqual({ name: 'Ada' });
    expect(failures).toStrictEqual([
      { field: 'colour', message: 'Unknown property. Valid properties: name, yearOfBirth, state, city' },
    ]);
  });

  it('refuses every read-only property when there are no server values (create)', () => {
    const { writable, failures } = screenProperties(rules, { id: '7', name: 'Ada', links: [] }, undefined);
    expect(writable).toStrictEqual({ name: 'Ada' });
    expect(failures).toStrictEqual([
      { field: 'id', message: 'id is read-only and set by the server' },
      { field: 'links', message: 'links is read-only and set by the server' },
    ]);
  });

  it('accepts and drops read-only properties equal to the server values, whatever their key order', () => {
    const sentBack = {
      links: [
        { href: '/v1/employees/7', rel: 'self' },
        { href: '/v1/employees/7/salaryStatements', rel: 'salary' },
      ],
      name: 'Ada',
      id: '7',
    };
    expect(screenProperties(rules, sentBack, served)).toStrictEqual({ writable: { name: 'Ada' }, failures: [] });
  });

  it.each([
    ['a different id', { id: '8' }, 'id'],
    ['the id as a number', { id: 7 }, 'id'],
    ['links in another order', { links: [served.links[1], served.links[0]] }, 'links'],
    ['a changed href', { links: [{ rel: 'self', href: '/v1/employees/8' }, served.links[1]] }, 'links'],
    ['an extra link', { links: [...served.links, { rel: 'x', href: '/x' }] }, 'links'],
    ['an extra property in a link', { links: [{ ...served.links[0], title: 'Me' }, served.links[1]] }, 'links'],
  ])('refuses a read-only property that differs from the server value: %s', (_, body, field) => {
    const { writable, failures } = screenProperties(rules, body, served);
    expect(writable).toStrictEqual({});
    expect(failures).toStrictEqual([{ field, message: `${field} is read-only and set by the server` }]);
  });

  it('refuses a read-only property the server does not show', () => {
    const { failures } = screenProperties(rules, { links: [] }, { id: '7' });
    expect(failures.map((f) => f.field)).toStrictEqual(['links']);
  });

  it('reports every failing property, in body order', () => {
    const { failures } = screenProperties(rules, { a: 1, id: 'x', name: 'Ada', b: 2 }, served);
    expect(failures.map((f) => f.field)).toStrictEqual(['a', 'id', 'b']);
  });
});

describe('validateProperties', () => {
  it('returns the parsed record when everything is valid', () => {
    const writable = { name: 'Ada', yearOfBirth: 1980, state: 'internal' };
    expect(validateProperties(rules, writable, [])).toStrictEqual(writable);
  });

  it('says "Required property is missing" for each missing required field', () => {
    const error = refusal(() => validateProperties(rules, { name: 'Ada' }, []));
    expect(error.status).toBe(422);
    expect(error.errorCode).toBe(1007);
    expect(error.fieldErrors).toStrictEqual([
      { field: 'yearOfBirth', message: 'Required property is missing' },
      { field: 'state', message: 'Required property is missing' },
    ]);
  });

  it("uses the schema's message for a field that is present but invalid", () => {
    const error = refusal(() => validateProperties(rules, { name: 'Ada', yearOfBirth: '1980', state: 'retired' }, []));
    expect(error.fieldErrors.map((f) => f.field)).toStrictEqual(['yearOfBirth', 'state']);
    expect(error.fieldErrors[0]?.message).toMatch(/expected number/);
    expect(error.fieldErrors[1]?.message).toMatch(/internal.*external/);
    expect(error.fieldErrors.some((f) => f.message === 'Required property is missing')).toBe(false);
  });

  it('collects the screening failures and the schema failures into one 422', () => {
    const screened = screenProperties(rules, { id: '1', colour: 'red', name: '', state: 'internal' }, undefined);
    const error = refusal(() => validateProperties(rules, screened.writable, screened.failures));
    expect(error.fieldErrors.map((f) => f.field)).toStrictEqual(['id', 'colour', 'name', 'yearOfBirth']);
    expect(error.message).toMatch(/^The request body is invalid\. /);
    for (const field of ['id', 'colour', 'name', 'yearOfBirth']) expect(error.message).toContain(`${field}: `);
  });

  it('throws when only the screening failed, even though the writable part is valid', () => {
    const failures = [{ field: 'id', message: 'id is read-only and set by the server' }];
    const error = refusal(() =>
      validateProperties(rules, { name: 'Ada', yearOfBirth: 1980, state: 'external' }, failures),
    );
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toStrictEqual(failures);
  });

  it('names nested fields with a dotted path', () => {
    const nested = z.object({ address: z.object({ city: z.string() }) });
    const nestedRules: BodyRules = bodyRules(nested, ['id']);
    const error = refusal(() => validateProperties(nestedRules, { address: {} }, []));
    expect(error.fieldErrors.map((f) => f.field)).toStrictEqual(['address.city']);
    expect(error.fieldErrors[0]?.message).toBe('Required property is missing');
  });
});

describe('validationError', () => {
  it('is a 422 whose message names every failing field', () => {
    const failures = [
      { field: 'name', message: 'Required property is missing' },
      { field: 'state', message: 'must be internal or external' },
    ];
    const error = validationError(failures);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.codeName).toBe('validationFailed');
    expect(error.message).toBe(
      'The request body is invalid. name: Required property is missing; state: must be internal or external',
    );
    expect(error.fieldErrors).toStrictEqual(failures);
  });

  it('leaves the field name out for a failure of the body itself', () => {
    expect(validationError([{ field: '', message: 'The body must be an object' }]).message).toBe(
      'The request body is invalid. The body must be an object',
    );
  });
});
