// The reference service as npm start runs it (built), auth on, access log off like its peers.
import { serve } from '../../examples/zoo-api/dist/serve.js';

const service = await serve({ ...process.env, PORT: '0', LOG_LEVEL: 'silent' });
process.send?.({ port: new URL(service.localOrigin).port });
