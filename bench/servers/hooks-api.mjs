// The plain API of the hook benches on the core build named by CORE_ENTRY, with no hooks
// (HOOKS=none) or one no-op hook in every request phase (HOOKS=noop): isolates what the hook
// machinery costs per request.
import { apiOf, noopHooks } from '../hooks-in-process.mjs';

const api = await apiOf(process.env.CORE_ENTRY, process.env.HOOKS === 'noop' ? noopHooks : undefined);
const server = api.listen(0, '127.0.0.1');
server.once('listening', () => process.send?.({ port: server.address().port }));
