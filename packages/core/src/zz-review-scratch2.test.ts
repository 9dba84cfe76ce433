import { describe, it } from 'vitest';
import { startZoo } from '../../../examples/zoo-api/src/testing/start-zoo.js';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

async function show(label: string, res: Response) {
  const text = await res.text();
  console.log(`### ${label}: ${res.status} rid=${res.headers.get('x-request-id')} wa=${res.headers.get('www-authenticate')} ${text.slice(0, 300)}`);
}

describe('zoo probes', () => {
  it('probes', async () => {
    const zoo = await startZoo();
    try {
      const admin = await zoo.token('zoo-admin');
      // client_secret_post without scope
      const post = await fetch(`${zoo.origin}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'zoo-reader', client_secret: 'zoo-reader-secret' }),
      });
      await show('client_secret_post', post);
      await show('discovery', await fetch(`${zoo.origin}/oauth/.well-known/openid-configuration`));
      await show('form body POST with token', await fetch(`${zoo.origin}/v1/employees`, {
        method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x',
      }));
      await show('text/plain body POST with token', await fetch(`${zoo.origin}/v1/employees`, {
        method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain' }, body: 'name=x',
      }));
      const [h] = admin.split('.');
      const header = JSON.parse(Buffer.from(h!, 'base64url').toString());
      console.log('### header', header);
      const sig = Buffer.alloc(64, 1).toString('base64url');
      const tokens: Record<string, string> = {
        kidNumber: `${b64({ ...header, kid: 123 })}.${b64({ sub: 'x', exp: 9e9 })}.${sig}`,
        crit: `${b64({ ...header, crit: ['exp'] })}.${b64({ exp: 9e9 })}.${sig}`,
        b64false: `${b64({ ...header, b64: false, crit: ['b64'] })}.${b64({ exp: 9e9 })}.${sig}`,
        realKidBadSig: `${b64(header)}.${b64({ exp: 9e9 })}.${sig}`,
        shortSig: `${b64(header)}.${b64({ exp: 9e9 })}.AA`,
        noSig: `${b64(header)}.${b64({ exp: 9e9 })}.`,
        none: `${b64({ alg: 'none' })}.${b64({ exp: 9e9 })}.`,
        hs256: `${b64({ alg: 'HS256', kid: header.kid })}.${b64({ exp: 9e9 })}.${sig}`,
        unknownKid: `${b64({ ...header, kid: 'nope' })}.${b64({ exp: 9e9 })}.${sig}`,
        plusSlash: `${b64(header)}+/.${b64({ exp: 9e9 })}.${sig}`,
        arrHeader: `${b64([1])}.${b64({ exp: 9e9 })}.${sig}`,
        algObj: `${b64({ alg: { x: 1 } })}.${b64({ exp: 9e9 })}.${sig}`,
      };
      for (const [name, token] of Object.entries(tokens)) await show(`token ${name}`, await zoo.get('/v1/employees', token));
      await show('trailing slash version root', await zoo.get('/v1/', admin));
      await show('member unknown query', await zoo.get('/v1/employees/1?foo=1', admin));
      await show('sortby desc', await zoo.get('/v1/employees?sortby=yearOfBirth&order=desc&limit=3', admin));
    } finally {
      await zoo.close();
    }
  });
});
