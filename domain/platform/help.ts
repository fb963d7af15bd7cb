import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Id, Text } from '../contract/fields';
import type { PermissionFlag } from './permissions';

/**
 * The help system of spec 000 §1 and §4: videos and standard operating procedure (SOP) links per
 * screen name, and tip panels dismissed once per tip key and route. The two calls of spec 000 §7.2
 * (web/VideoLinksForRoute, web/SOPLinksForRoute) are in reference.ts; the calls here go beyond the
 * specification (README, "Calls we added beyond the specification").
 */

export const helpKinds = ['video', 'sop'] as const;
export type HelpKind = (typeof helpKinds)[number];
export const helpKindLabels: Record<HelpKind, string> = { video: 'video', sop: 'procedure (SOP)' };

/**
 * Who maintains help links. SOPs are controlled documents, so the document administrator owns them,
 * and the videos beside them; the super administrator may do anything. (`showHelp` in the flag list
 * is not used for this: the spec lists it among the view flags without saying what it guards.)
 */
export const helpEditorFlags = [
  'documentAdministrator',
  'superAdministrator',
] as const satisfies readonly PermissionFlag[];

/** Help is never loaded for the login screen (spec 000 §2.3), so links for it are refused. */
export const NO_HELP_ROUTE = 'Login';

/** Tabs, line breaks and other control characters (code points below 32, and 127). */
const hasControlCharacter = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** A screen name as the route table names it ("Production Plan", "PM Order Loading"). */
export const RouteNameField = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((v) => !hasControlCharacter(v), {
    message: 'RouteName must be a screen name on one line, without tabs or line breaks',
  });

/**
 * A web address people can open from any device: http or https with a host, or a page of this product
 * (a path from its root, such as the help pages under /help/), which opens on whatever host serves it.
 */
export const HelpUrlField = Text(2000).trim().min(1).refine(isWebAddress, {
  message:
    'URL must be a full web address starting with http:// or https:// (for example https://videos.example.com/intro.mp4), or a page of Steelworks starting with / (for example /help/scheduling.html)',
});

export function isWebAddress(text: string): boolean {
  if (/\s/.test(text) || text.includes('\\')) return false;
  // A path of this product; `//host` would be another host without a scheme.
  if (text.startsWith('/')) return !text.startsWith('//');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

export const HelpLinkRow = z.object({
  HelpLinkID: z.number().int(),
  Kind: z.enum(helpKinds),
  RouteName: z.string(),
  Title: z.string(),
  URL: z.string(),
});
export type HelpLinkRow = z.infer<typeof HelpLinkRow>;

export const GetHelpLinks = defineCall({
  method: 'GET',
  path: 'web/GetHelpLinks',
  summary: 'Every help link of one kind (video or sop), optionally only those of one screen name.',
  // Reading is open to every user (the video browser lists every video); changing is not.
  access: 'user',
  payload: z.object({
    Kind: z.enum(helpKinds),
    RouteName: Text(200).trim().optional(),
  }),
  result: z.array(HelpLinkRow),
});

export const SaveHelpLink = defineCall({
  method: 'POST',
  path: 'web/SaveHelpLink',
  summary: 'Add a help link (no HelpLinkID) or change one; answers the saved link.',
  access: { anyOf: helpEditorFlags },
  payload: z
    .object({
      HelpLinkID: Id.nullable().optional(),
      Kind: z.enum(helpKinds),
      RouteName: RouteNameField,
      Title: Text(200).trim().min(1),
      URL: HelpUrlField,
    })
    .refine((v) => v.RouteName.toLowerCase() !== NO_HELP_ROUTE.toLowerCase(), {
      message: 'The Login screen shows no help, so it cannot have help links',
      path: ['RouteName'],
    }),
  result: HelpLinkRow,
});

export const DeleteHelpLink = defineCall({
  method: 'POST',
  path: 'web/DeleteHelpLink',
  summary: 'Delete one help link.',
  access: { anyOf: helpEditorFlags },
  payload: z.object({ HelpLinkID: Id }),
  result: z.null(),
});

/** A tip key names one tip panel in the code ("intro.settings", "schedule:drag-to-move"). */
export const TipKeyField = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, {
    message: 'must contain only letters, digits and . _ : -',
  });

export const DismissedTip = z.object({ TipKey: z.string(), RouteName: z.string() });
export type DismissedTip = z.infer<typeof DismissedTip>;

export const GetDismissedTips = defineCall({
  method: 'GET',
  path: 'web/GetDismissedTips',
  summary: 'The tips the current user has dismissed, each by tip key and route.',
  access: 'user',
  payload: z.object({}),
  result: z.array(DismissedTip),
});

/** Idempotent: dismissing a dismissed tip again answers the same and changes nothing (fit for the post queue). */
export const DismissTip = defineCall({
  method: 'POST',
  path: 'web/DismissTip',
  summary: 'Remember that the current user dismissed a tip on a route (on every device).',
  access: 'user',
  payload: z.object({ TipKey: TipKeyField, RouteName: RouteNameField }),
  result: z.null(),
});

/** The help calls, for the server's registry, the tests' bad-input table and the README. */
export const helpCalls = [GetHelpLinks, SaveHelpLink, DeleteHelpLink, GetDismissedTips, DismissTip] as const;
