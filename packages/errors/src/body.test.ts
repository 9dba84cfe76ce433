import { describe, expect, it } from 'vitest';
import { ApiError, errorBody, errorCodes, type ErrorCodeName, type ErrorDocsUrl } from './index.js';

const docsUrl: ErrorDocsUrl = (code) => `https://api.example.test/v1/errors/${code}`;

describe('errorBody', () => {
  it('gives 400 the detailed shape, without an errors array', () => {
    const error = new ApiError('invalidQueryParameter', 'state must be one of: internal, external');
    expect(errorBody(error, docsUrl)).toStrictEqual({
      message: 'state must be one of: internal, external',
      errorCode: 1001,
      additionalInformation: 'https://api.example.test/v1/errors/1001',
    });
  });

  it('gives 422 the detailed shape with one entry per failing field', () => {
    const error = new ApiError('validationFailed', 'The body has 2 invalid properties', {
      fieldErrors: [
        { field: 'name', message: 'is required' },
        { field: 'address.city', message: 'must be a string' },
      ],
    });
    expect(errorBody(error, docsUrl)).toStrictEqual({
      message: 'The body has 2 invalid properties',
      errorCode: 1007,
      additionalInformation: 'https://api.example.test/v1/errors/1007',
      errors: [
        { field: 'name', message: 'is required' },
        { field: 'address.city', message: 'must be a string' },
      ],
    });
  });

  it('gives every 409 the detailed shape with its code, and names the fields of a taken value', () => {
    expect(errorBody(new ApiError('resourceInUse', 'Still in use'), docsUrl)).toStrictEqual({
      message: 'Still in use',
      errorCode: 1021,
      additionalInformation: 'https://api.example.test/v1/errors/1021',
    });
    const taken = new ApiError('valueTaken', 'Taken', { fieldErrors: [{ field: 'isbn', message: 'already taken' }] });
    expect(errorBody(taken, docsUrl)).toStrictEqual({
      message: 'Taken',
      errorCode: 1029,
      additionalInformation: 'https://api.example.test/v1/errors/1029',
      errors: [{ field: 'isbn', message: 'already taken' }],
    });
  });

  it('sends an empty errors array for a 422 without field errors', () => {
    expect(errorBody(new ApiError('validationFailed', 'Invalid'), docsUrl)).toMatchObject({ errors: [] });
  });

  it('copies only field and message of each field error', () => {
    const fieldErrors = [{ field: 'name', message: 'is required', internal: 'stack' }];
    const body = errorBody(new ApiError('validationFailed', 'Invalid', { fieldErrors }), docsUrl);
    expect(body).toMatchObject({ errors: [{ field: 'name', message: 'is required' }] });
    expect(JSON.stringify(body)).not.toContain('stack');
  });

  it.each([
    ['authenticationRequired', 1016],
    ['accessDenied', 1017],
  ] as const)('gives %s the message and documentation_url shape', (name, code) => {
    expect(errorBody(new ApiError(name, 'Token expired'), docsUrl)).toStrictEqual({
      message: 'Token expired',
      documentation_url: `https://api.example.test/v1/errors/${code}`,
    });
  });

  it('gives every other status the simple shape', () => {
    const others = (Object.keys(errorCodes) as ErrorCodeName[]).filter(
      (name) => ![400, 401, 403, 409, 422].includes(errorCodes[name].status),
    );
    expect(others.length).toBeGreaterThan(0);
    for (const name of others) {
      expect(errorBody(new ApiError(name, `about ${name}`), docsUrl)).toStrictEqual({ error: `about ${name}` });
    }
  });

  it('chooses the shape for every catalogue entry by status alone', () => {
    for (const name of Object.keys(errorCodes) as ErrorCodeName[]) {
      const { status } = errorCodes[name];
      const keys = Object.keys(errorBody(new ApiError(name, 'x'), docsUrl)).sort();
      if (status === 422) expect(keys).toEqual(['additionalInformation', 'errorCode', 'errors', 'message']);
      else if (status === 400 || status === 409)
        expect(keys).toEqual(['additionalInformation', 'errorCode', 'message']);
      else if (status === 401 || status === 403) expect(keys).toEqual(['documentation_url', 'message']);
      else expect(keys).toEqual(['error']);
    }
  });

  it('asks the docs-url function about the code of the error', () => {
    const asked: number[] = [];
    errorBody(new ApiError('invalidBody', 'x'), (code) => {
      asked.push(code);
      return `/v2/errors/${code}`;
    });
    expect(asked).toEqual([1006]);
  });
});
