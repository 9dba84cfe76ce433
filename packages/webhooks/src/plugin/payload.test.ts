import { describe, expect, it } from 'vitest';
import { wants, webhookIdOf } from './payload.js';

describe('webhook payload helpers', () => {
  it('names an event by subscription and position, without a dot', () => {
    expect(webhookIdOf('4f1c-9a', '1764150000000042')).toBe('msg_4f1c-9a_1764150000000042');
    expect(webhookIdOf('a.b', '12.3')).toBe('msg_a_b_12_3');
  });

  it('matches event names exactly or by the collection wildcard', () => {
    expect(wants(['animals.created'], 'animals', 'created')).toBe(true);
    expect(wants(['animals.created'], 'animals', 'deleted')).toBe(false);
    expect(wants(['animals.*'], 'animals', 'deleted')).toBe(true);
    expect(wants(['animals.*'], 'zoos', 'created')).toBe(false);
  });
});
