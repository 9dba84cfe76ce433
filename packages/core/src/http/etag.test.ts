import { describe, expect, it } from 'vitest';
import {
  callerVariant,
  contentVariant,
  ifMatchHits,
  listEtag,
  memberEtag,
  noneMatchHits,
  parseEtags,
  revisionOfListEtag,
  taggedVersion,
} from './etag.js';

describe('entity tags', () => {
  it('are quoted and tell members from lists', () => {
    expect(memberEtag(3)).toBe('"v3"');
    expect(listEtag(12)).toBe('"r12"');
    expect(revisionOfListEtag('"r12"')).toBe(12);
    expect(revisionOfListEtag('"v12"')).toBeUndefined();
    expect(revisionOfListEtag('W/"r12"')).toBeUndefined();
  });

  it('parses lists of tags and the wildcard', () => {
    expect(parseEtags('"a", W/"b" ,"c"')).toEqual({ any: false, tags: ['"a"', 'W/"b"', '"c"'] });
    expect(parseEtags(' * ')).toEqual({ any: true, tags: [] });
    expect(parseEtags('garbage')).toEqual({ any: false, tags: [] });
  });

  it('compares weakly for If-None-Match and strongly for If-Match', () => {
    expect(noneMatchHits('W/"v1"', '"v1"')).toBe(true);
    expect(noneMatchHits('"v2", "v1"', '"v1"')).toBe(true);
    expect(noneMatchHits('*', '"v1"')).toBe(true);
    expect(noneMatchHits(undefined, '"v1"')).toBe(false);
    expect(ifMatchHits('W/"v1"', '"v1"')).toBe(false);
    expect(ifMatchHits('"v1"', '"v1"')).toBe(true);
    expect(ifMatchHits('*', '"v1"')).toBe(true);
    expect(ifMatchHits('"v2"', '"v1"')).toBe(false);
  });
});

describe('list tags per caller', () => {
  it('differ by caller and still carry the revision', () => {
    const ann = listEtag(7, callerVariant('ann'));
    const bob = listEtag(7, callerVariant('bob'));
    expect(ann).not.toBe(bob);
    expect(ann).toMatch(/^"r7\.[A-Za-z0-9_-]{12}"$/);
    expect(revisionOfListEtag(ann)).toBe(7);
    expect(callerVariant('ann')).toBe(callerVariant('ann'));
  });

  it('tag a page by what it shows where the revision does not see every write', () => {
    const page = [
      { id: '1', version: 3 },
      { id: '2', version: 1 },
    ];
    const tag = contentVariant(undefined, 2, page);
    expect(tag).toMatch(/^[a-z0-9]{2,24}$/);
    expect(contentVariant(undefined, 2, page)).toBe(tag);
    expect(contentVariant(undefined, 2, [{ id: '1', version: 4 }, page[1]!])).not.toBe(tag);
    expect(contentVariant(undefined, 3, page)).not.toBe(tag);
    expect(contentVariant(undefined, 2, [page[1]!, page[0]!])).not.toBe(tag);
    expect(contentVariant('caller', 2, page)).not.toBe(tag);
  });
});

describe('taggedVersion', () => {
  it('reads the version of exactly one strong member tag', () => {
    expect(taggedVersion('"v1"')).toBe(1);
    expect(taggedVersion(' "v42" ')).toBe(42);
    expect(taggedVersion(memberEtag(7))).toBe(7);
  });

  it('reads none where the header could match otherwise than one version', () => {
    for (const header of ['*', 'W/"v1"', '"v1", "v2"', '"v01"', '"v1.abc"', '"x1"', 'v1', '"v"', ''])
      expect(taggedVersion(header)).toBeUndefined();
  });
});
