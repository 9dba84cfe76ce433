import { describe, expect, it } from 'vitest';
import type { RouteAnswers } from '../vocabulary/answers.js';
import { serverAnswers, servedAnswers } from './served-answers.js';

const answers: RouteAnswers = { success: { 201: { description: 'Created', body: 'record' } }, errors: [422] };
const statuses = (route: Parameters<typeof servedAnswers>[0], secured = true) =>
  Object.keys(servedAnswers(route, secured)).map(Number);

describe('servedAnswers', () => {
  it('adds what the pipeline answers for any route to what the route declares, in status order', () => {
    expect(statuses({ pattern: '/notes', access: 'public', answers })).toEqual([201, 400, 406, 422, 500, 503]);
    expect(servedAnswers({ pattern: '/notes', access: 'public', answers }, true)[201]).toBe(answers.success[201]);
  });

  it('adds 401 and 403 where tokens are checked and the route is not public', () => {
    const guarded = { pattern: '/notes', access: { scope: 'notes:write' }, answers } as const;
    expect(statuses(guarded)).toEqual([201, 400, 401, 403, 406, 422, 500, 503]);
    expect(statuses({ ...guarded, access: 'authenticated' })).toContain(401);
    expect(statuses(guarded, false)).not.toContain(401);
  });

  it('adds 404 for a path with a parameter, and no 406 for a route serving any media type', () => {
    expect(statuses({ pattern: '/docs/:file', access: 'public', produces: '*/*', answers })).toEqual([
      201, 400, 404, 422, 500, 503,
    ]);
  });

  it('describes each error with the body the error contract gives its status', () => {
    const served = servedAnswers(
      { pattern: '/notes', access: 'authenticated', answers: { ...answers, errors: [418] } },
      true,
    );
    expect(served[400]?.body).toBe('detailedError');
    expect(served[401]?.body).toBe('authError');
    expect(served[503]?.body).toBe('simpleError');
    // A status Corral itself never gives (a plugin page's) is described plainly.
    expect(served[418]).toEqual({ description: 'The request failed (418)', body: 'simpleError' });
  });

  it('carries the challenge where tokens are checked: always on a 401, on a 403 or 400 when it applies', () => {
    const guarded = { pattern: '/notes', access: 'authenticated', answers } as const;
    const served = servedAnswers(guarded, true);
    expect(served[401]?.headers?.['WWW-Authenticate']?.required).toBe(true);
    expect(served[403]?.headers?.['WWW-Authenticate']).toMatchObject({ schema: { type: 'string' } });
    expect(served[403]?.headers?.['WWW-Authenticate']?.required).toBeUndefined();
    expect(served[400]?.headers?.['WWW-Authenticate']?.required).toBeUndefined();
    expect(servedAnswers(guarded, false)[400]?.headers).toBeUndefined();
  });

  it('documents the 408 the server gives before the pipeline for headers or a body that come too slowly', () => {
    expect(serverAnswers[408]).toMatchObject({
      body: 'simpleError',
      description: expect.stringMatching(/too slowly/),
    });
  });
});
