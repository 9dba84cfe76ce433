import { defineStartupCodes } from '@corral/errors';

/** The startup codes of @corral/webhooks: settings it cannot deliver with. */
export const webhooksStartupCodes = defineStartupCodes('@corral/webhooks', {
  CORRAL_INVALID_WEBHOOK_ALLOW:
    'An entry of the webhook allow-list (WEBHOOK_ALLOW) is not a host name, host:port, IP address or CIDR range.',
  CORRAL_INVALID_WEBHOOK_OPTION:
    'A webhook setting is not usable: a signing secret that is not whsec_ and base64, ' +
    'or a retry schedule or duration that is not whole positive milliseconds.',
});
