// The reference service as npm start runs it (built), access log on. With OAUTH_ISSUER it trusts
// an authorization server in another process; without, it embeds its own, as npm start does.
import { serve } from '../../examples/zoo-api/dist/serve.js';

const service = await serve({ ...process.env, PORT: '0', LOG_LEVEL: 'info' });
process.send?.({ port: new URL(service.localOrigin).port });
