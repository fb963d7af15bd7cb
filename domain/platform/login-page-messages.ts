import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Id } from '../contract/fields';

/**
 * The login page's read of /config/loginpagemessage, in a file of its own: the login page loads it in
 * its first chunk (the login JavaScript budget, scripts/build-report.mjs), so it holds nothing else.
 */
export const severityOrder = ['info', 'warning', 'critical'] as const;

export const ShownLoginMessage = z.object({
  LoginMessageID: Id,
  Message: z.string(),
  Severity: z.enum(severityOrder),
});
export type ShownLoginMessage = z.infer<typeof ShownLoginMessage>;

/**
 * The messages the login page shows now, most severe first: public, since nobody is logged in there.
 * It carries the text and severity only.
 */
export const GetLoginPageMessages = defineCall({
  method: 'GET',
  path: 'web/GetLoginPageMessages',
  summary: 'The login page messages showing now, most severe first (public: read before logging in).',
  access: 'public',
  payload: z.object({}),
  result: z.array(ShownLoginMessage),
});
