import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Id, PlantID, Text } from '../contract/fields';
import { languages } from './session';

export const PlantSchema = z.object({
  PlantID: z.number().int(),
  PlantName: z.string(),
  ShortName: z.string(),
  Country: z.string(),
  Subcontractor: z.boolean(),
  TimeZone: z.string(),
});

export const GetPlants = defineCall({
  method: 'GET',
  path: 'web/GetPlants',
  summary: 'The plants with country, subcontractor marker and time zone.',
  access: 'user',
  payload: z.object({}),
  result: z.array(PlantSchema),
});

/**
 * Spec 000 §7.2 spells the field `English`, spec 001 §7 `english`: both are accepted so either client
 * works; the result is the translated text (the English text itself when no translation exists yet,
 * which is then recorded as missing for the translators).
 */
export const Translate = defineCall({
  method: 'GET',
  path: 'translation/Translate',
  summary: 'Translate one English text into a language; answers the text (English when not yet translated).',
  access: 'user',
  payload: z
    .object({
      English: Text(4000).min(1).optional(),
      english: Text(4000).min(1).optional(),
      language: z.enum(languages),
    })
    .refine((v) => v.English !== undefined || v.english !== undefined, {
      message: 'English is required',
      path: ['English'],
    })
    .transform((v) => ({ English: (v.English ?? v.english) as string, language: v.language })),
  result: z.string(),
});

export const GetDefaultTranslations = defineCall({
  method: 'GET',
  path: 'translation/GetDefaultTranslations',
  summary: 'Every translation of a language, as a map from English text to translated text.',
  access: 'public',
  payload: z.object({ language: z.enum(languages) }),
  result: z.record(z.string(), z.string()),
});

export const HelpLink = z.object({ HelpLinkID: z.number().int(), Title: z.string(), URL: z.string() });

export const VideoLinksForRoute = defineCall({
  method: 'GET',
  path: 'web/VideoLinksForRoute',
  summary: 'Help videos for a screen name.',
  access: 'user',
  payload: z.object({ RouteName: Text(200).min(1) }),
  result: z.array(HelpLink),
});

export const SOPLinksForRoute = defineCall({
  method: 'GET',
  path: 'web/SOPLinksForRoute',
  summary: 'Standard operating procedure links for a screen name.',
  access: 'user',
  payload: z.object({ RouteName: Text(200).min(1) }),
  result: z.array(HelpLink),
});

/** Beyond the spec: spec 000 §2.3 records a page view on every route change but shows no call. */
export const RecordPageView = defineCall({
  method: 'POST',
  path: 'web/RecordPageView',
  summary: 'Record that the current user opened a screen.',
  access: 'user',
  payload: z.object({ RouteName: Text(200).min(1), Path: Text(2000).min(1) }),
  result: z.null(),
});

/** Beyond the spec: runtime errors go to our own server (spec 000 §8 names an error-reporting service). */
export const ReportClientError = defineCall({
  method: 'POST',
  path: 'web/ReportClientError',
  summary: "Report a runtime error with the user's name, employee id, plant and browser.",
  access: 'public',
  payload: z.object({
    Name: Text(200).nullable(),
    EmployeeID: Id.nullable(),
    PlantID: PlantID.nullable(),
    Browser: Text(1000),
    Message: Text(10000).min(1),
    Stack: Text(200000).nullable(),
    URL: Text(4000),
  }),
  result: z.null(),
});
