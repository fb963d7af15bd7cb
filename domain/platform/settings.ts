import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Count, Id, Timestamp } from '../contract/fields';
import { configFlags } from './config';
import { SHORTCUT_COUNT, SHORTCUT_DAYS } from './my-work';

/**
 * /config/settings: the product's settings, declared here (name, type, bounds, default), kept in the
 * database when an administrator changes one, every change in its history. A setting is a value that
 * was a constant in code and that an administrator may reasonably want otherwise; each is read where
 * it is used through `settingValue` (server/areas/platform/settings.repository.ts).
 */
export interface SettingDef {
  label: string;
  description: string;
  type: 'integer';
  min: number;
  max: number;
  default: number;
}

export const settingDefs = {
  ShortcutDays: {
    label: 'Shortcut history (days)',
    description: "How many days of a person's page views Intro counts to suggest their shortcuts.",
    type: 'integer',
    min: 1,
    max: 365,
    default: SHORTCUT_DAYS,
  },
  ShortcutCount: {
    label: 'Shortcuts on Intro',
    description: 'How many shortcuts Intro shows at most.',
    type: 'integer',
    min: 1,
    max: 30,
    default: SHORTCUT_COUNT,
  },
} as const satisfies Record<string, SettingDef>;

export type SettingName = keyof typeof settingDefs;
export const settingNames = Object.keys(settingDefs) as [SettingName, ...SettingName[]];

/** The schema a setting's value must pass: its type and bounds. */
export function settingSchema(name: SettingName): z.ZodType<number> {
  const def: SettingDef = settingDefs[name];
  return z.number().int().min(def.min).max(def.max);
}

export const SettingRow = z.object({
  Name: z.enum(settingNames),
  Value: z.number(),
  Default: z.number(),
  ChangedAt: Timestamp.nullable(),
  ChangedBy: z.string().nullable(),
});
export type SettingRow = z.infer<typeof SettingRow>;

export const GetSettings = defineCall({
  method: 'GET',
  path: 'web/GetSettings',
  summary: 'Every product setting: its value now, its default and who changed it last.',
  access: { anyOf: configFlags },
  payload: z.object({}),
  result: z.array(SettingRow),
});

export const SaveSetting = defineCall({
  method: 'POST',
  path: 'web/SaveSetting',
  summary: "Change a product setting (checked against its type and bounds; kept in the setting's history).",
  access: { anyOf: configFlags },
  payload: z.object({ Name: z.enum(settingNames), Value: z.unknown() }).superRefine((p, ctx) => {
    const result = settingSchema(p.Name).safeParse(p.Value);
    if (!result.success)
      ctx.addIssue({
        code: 'custom',
        path: ['Value'],
        message: `${settingDefs[p.Name].label}: ${result.error.issues[0]?.message ?? 'not valid'}`,
      });
  }),
  result: SettingRow,
});

export const GetSettingHistory = defineCall({
  method: 'GET',
  path: 'web/GetSettingHistory',
  summary: 'Who changed a setting, when, from what to what: newest first.',
  access: { anyOf: configFlags },
  payload: z.object({ Name: z.enum(settingNames), Take: z.number().int().min(1).max(200).optional() }),
  result: z.object({
    Rows: z.array(
      z.object({
        At: Timestamp,
        EmployeeID: Id.nullable(),
        Name: z.string().nullable(),
        Old: z.number().nullable(),
        New: z.number(),
      }),
    ),
    Total: Count(),
  }),
});

/** Each setting change is announced here; the settings screen reads them again. */
export const SETTINGS_TOPIC = 'settings';
