import { describe, expect, it } from 'vitest';
import { EtagCache } from './etag-cache.js';
import { addFollow } from './record-follow.js';
import { Resources } from './resources.js';
import type { Outgoing } from './transport.js';

// Pure logic: which objects get `follow`, and where it leads. The client over real sockets is
// tested in examples/zoo-api/src/client.socket.test.ts.
function resourcesAnswering(bodies: Record<string, unknown>) {
  const asked: string[] = [];
  const send = async (outgoing: Outgoing) => {
    asked.push(outgoing.url);
    return { status: 200, headers: {}, body: bodies[outgoing.url] };
  };
  return { resources: new Resources(send, new EtagCache(0), false), asked };
}

describe('addFollow', () => {
  it('gives a record a follow that is not enumerable and reads the link against the record URL', async () => {
    const { resources, asked } = resourcesAnswering({ 'https://api.example/v1/notes/1/tags': { id: 't' } });
    const record = {
      id: '1',
      text: 'x',
      links: [
        { rel: 'self', href: '/v1/notes/1' },
        { rel: 'tags', href: '/v1/notes/1/tags' },
      ],
    };
    addFollow(resources, record, 'https://api.example/v1/notes/1');
    expect(Object.keys(record)).toEqual(['id', 'text', 'links']);
    expect(JSON.stringify(record)).not.toContain('follow');
    await expect((record as unknown as { follow(rel: string): Promise<unknown> }).follow('tags')).resolves.toEqual({
      id: 't',
    });
    expect(asked).toEqual(['https://api.example/v1/notes/1/tags']);
  });

  it('gives each record of a list envelope a follow, not the envelope', () => {
    const { resources } = resourcesAnswering({});
    const envelope = {
      offset: 0,
      limit: 2,
      total: 2,
      notes: [
        { id: '1', links: [] },
        { id: '2', links: [] },
      ],
      links: [{ rel: 'self', href: '/v1/notes' }],
    };
    addFollow(resources, envelope, 'https://api.example/v1/notes');
    expect(envelope.notes.every((note) => typeof (note as { follow?: unknown }).follow === 'function')).toBe(true);
    expect('follow' in envelope).toBe(false);
    expect('follow' in envelope.links[0]!).toBe(false);
  });

  it("gives the records of a bulk write's or a job's result a follow, and of a bare array", () => {
    const { resources } = resourcesAnswering({});
    const bulk = {
      updated: 2,
      notes: [
        { id: '1', links: [] },
        { id: '2', links: [] },
      ],
    };
    const array = [{ id: '3', links: [] }];
    addFollow(resources, bulk, 'https://api.example/v1/notes');
    addFollow(resources, array, 'https://api.example/v1/notes');
    expect([...bulk.notes, ...array].every((note) => typeof (note as { follow?: unknown }).follow === 'function')).toBe(
      true,
    );
    expect('follow' in bulk).toBe(false);
  });

  it('leaves alone a record with a field of its own named follow, and anything without links', () => {
    const { resources } = resourcesAnswering({});
    const withField = { id: '1', follow: 'yes', links: [] };
    const withoutLinks = { id: '2' };
    for (const body of [withField, withoutLinks, null, 'text', [1, 2]])
      addFollow(resources, body, 'https://api.example/v1/x');
    expect(withField.follow).toBe('yes');
    expect('follow' in withoutLinks).toBe(false);
  });
});
