/**
 * Tokens must never reach a log line (brief §4.4; signalr-notes: redact access_token). Request URLs
 * carry the session token in `Token` (GET contract) and, from the hub on, `access_token` and the
 * connection token `id`: their values are replaced before anything is logged.
 */
const secretParams = /([?&](?:token|access_token|id)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretParams, '$1[redacted]');
}

export const loggerOptions = (level: string) => ({
  level,
  redact: {
    paths: ['req.headers.authorization', 'headers.authorization', '*.Token', '*.Password'],
    censor: '[redacted]',
  },
  serializers: {
    req(req: { method: string; url: string; ip?: string }) {
      return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
    },
  },
});
