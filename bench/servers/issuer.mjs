// The authorization server in a process of its own, as an API would meet it in production.
import { createServer } from 'node:http';
import { createAuthorizationServer } from '@corral/auth-server';

const server = createServer();
server.listen(0, '127.0.0.1', async () => {
  const origin = `http://127.0.0.1:${server.address().port}`;
  const issuer = await createAuthorizationServer({
    issuer: `${origin}/oauth`,
    audience: 'urn:corral:bench',
    clients: [{ clientId: 'bench', clientSecret: 'bench-secret', scopes: ['staff:read', 'staff:write'] }],
  });
  server.on('request', issuer.handle);
  process.send?.({ port: server.address().port });
});
