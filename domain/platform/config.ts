import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Id, PlantID, Text, Timestamp } from '../contract/fields';
import { defineDocument, documentCalls } from '../kit/document';
import { severityOrder } from './login-page-messages';
import type { PermissionFlag } from './permissions';

/**
 * The config group (spec 000 §2.1, "/config redirects to /pages/"): login page messages and TV alerts,
 * and the news editor (/newseditor), all documents on the kit (issue 16). The spec names the screens
 * only ("their content and fields are not shown"): the fields here are ours.
 */

export const severities = severityOrder;
export type Severity = (typeof severities)[number];

/** Spec 000 §2.1: the config group is for those who may edit the system's configuration. */
export const configFlags: readonly PermissionFlag[] = ['editSystemConfig', 'superAdministrator'];
/** The route table's /newseditor flags. */
export const newsFlags: readonly PermissionFlag[] = ['documentAdministrator', 'superAdministrator'];

/** Whether a message, alert or news item with this window shows at `now` (either end may be open). */
export function showsAt(
  from: string | null | undefined,
  until: string | null | undefined,
  now: number,
): boolean {
  if (from && Date.parse(from) > now) return false;
  if (until && Date.parse(until) <= now) return false;
  return true;
}

/** Null when the window is in order, else why not (a window that ends before it starts shows never). */
export function windowProblem(from: unknown, until: unknown): string | null {
  if (typeof from === 'string' && typeof until === 'string' && Date.parse(until) <= Date.parse(from))
    return 'must be after Shows from';
  return null;
}

const shownWindow = {
  ShowsFrom: {
    type: Timestamp.nullable(),
    label: 'Shows from',
    edit: true,
    input: 'datetime',
    sort: true,
  },
  ShowsUntil: {
    type: Timestamp.nullable(),
    label: 'Shows until',
    edit: true,
    input: 'datetime',
    sort: true,
  },
} as const;

const message = {
  type: Text(500).trim().min(1),
  label: 'Message',
  edit: true,
  required: true,
  input: 'textarea',
  filter: 'text',
  search: true,
} as const;

const severity = {
  type: z.enum(severities),
  label: 'Severity',
  edit: true,
  required: true,
  filter: 'choice',
  choices: severities,
  sort: true,
} as const;

/** /config/loginpagemessage: what everyone reads on the login page, before logging in. */
export const LoginMessage = defineDocument({
  type: 'loginMessage',
  noun: 'login message',
  nounPlural: 'login messages',
  key: 'LoginMessageID',
  fields: { Message: message, Severity: severity, ...shownWindow },
  access: { read: { anyOf: configFlags }, change: { anyOf: configFlags } },
  calls: {
    list: 'web/GetLoginMessages',
    get: 'web/GetLoginMessage',
    update: 'web/UpdateLoginMessage',
    create: 'web/AddLoginMessage',
    delete: 'web/DeleteLoginMessage',
    history: 'web/GetLoginMessageHistory',
  },
  list: {
    columns: ['Message', 'Severity', 'ShowsFrom', 'ShowsUntil'],
    sort: { field: 'ShowsFrom', desc: true },
  },
});

const loginCalls = documentCalls(LoginMessage);
export const GetLoginMessages = loginCalls.List;
export const GetLoginMessage = loginCalls.Get;
export const UpdateLoginMessage = loginCalls.Update;
export const AddLoginMessage = loginCalls.Create!;
export const DeleteLoginMessage = loginCalls.Delete!;
export const GetLoginMessageHistory = loginCalls.History;

export { GetLoginPageMessages, ShownLoginMessage } from './login-page-messages';

/** /config/tvalerts: a line across every TV board of a plant, live, for as long as it lasts. */
export const TvAlert = defineDocument({
  type: 'tvAlert',
  noun: 'TV alert',
  nounPlural: 'TV alerts',
  key: 'TvAlertID',
  fields: {
    Message: message,
    PlantID: { type: PlantID, label: 'Plant', input: 'plant', edit: true, required: true, sort: true },
    Severity: severity,
    ...shownWindow,
  },
  access: { read: { anyOf: configFlags }, change: { anyOf: configFlags } },
  plantField: 'PlantID',
  calls: {
    list: 'web/GetTvAlerts',
    get: 'web/GetTvAlert',
    update: 'web/UpdateTvAlert',
    create: 'web/AddTvAlert',
    delete: 'web/DeleteTvAlert',
    history: 'web/GetTvAlertHistory',
  },
  list: {
    columns: ['Message', 'PlantID', 'Severity', 'ShowsFrom', 'ShowsUntil'],
    sort: { field: 'ShowsFrom', desc: true },
  },
});

const tvCalls = documentCalls(TvAlert);
export const GetTvAlerts = tvCalls.List;
export const GetTvAlert = tvCalls.Get;
export const UpdateTvAlert = tvCalls.Update;
export const AddTvAlert = tvCalls.Create!;
export const DeleteTvAlert = tvCalls.Delete!;
export const GetTvAlertHistory = tvCalls.History;

/**
 * What a TV board holds of an alert: the public topic `tvalerts:{PlantID}` carries one boardItems item
 * (kind `tvAlert`, key the alert's id) per alert that is not deleted, and nothing else of the record.
 */
export const TV_ALERT_KIND = 'tvAlert';
export const tvAlertTopic = (plantId: number) => `tvalerts:${plantId}`;
export interface TvAlertItem {
  TvAlertID: number;
  Message: string;
  Severity: Severity;
  ShowsFrom: string | null;
  ShowsUntil: string | null;
}

/** The alerts a board shows at `now`, most severe first, then the newest. */
export function alertsShowing(items: readonly TvAlertItem[], now: number): TvAlertItem[] {
  return items
    .filter((a) => showsAt(a.ShowsFrom, a.ShowsUntil, now))
    .sort(
      (a, b) => severities.indexOf(b.Severity) - severities.indexOf(a.Severity) || b.TvAlertID - a.TvAlertID,
    );
}

/** /newseditor: news on everyone's Intro, for one plant or (no plant) for all. */
export const NewsItem = defineDocument({
  type: 'newsItem',
  noun: 'news item',
  nounPlural: 'news items',
  key: 'NewsItemID',
  fields: {
    Title: {
      type: Text(200).trim().min(1),
      label: 'Title',
      edit: true,
      required: true,
      filter: 'text',
      sort: true,
      search: true,
    },
    Body: {
      type: Text(4000).trim().min(1),
      label: 'Body',
      edit: true,
      required: true,
      input: 'textarea',
      search: true,
    },
    // Not the kit's plant field: a news item with no plant is for every plant.
    ForPlantID: { type: PlantID.nullable(), label: 'Plant (empty: all plants)', edit: true, input: 'plant' },
    PublishFrom: {
      type: Timestamp.nullable(),
      label: 'Publish from',
      edit: true,
      input: 'datetime',
      sort: true,
    },
    PublishUntil: {
      type: Timestamp.nullable(),
      label: 'Publish until',
      edit: true,
      input: 'datetime',
      sort: true,
    },
    Pinned: { type: z.boolean(), label: 'Pinned', edit: true, filter: 'boolean', sort: true },
  },
  access: { read: { anyOf: newsFlags }, change: { anyOf: newsFlags } },
  calls: {
    list: 'web/GetNewsItems',
    get: 'web/GetNewsItem',
    update: 'web/UpdateNewsItem',
    create: 'web/AddNewsItem',
    delete: 'web/DeleteNewsItem',
    history: 'web/GetNewsItemHistory',
  },
  list: {
    columns: ['Title', 'ForPlantID', 'PublishFrom', 'PublishUntil', 'Pinned'],
    sort: { field: 'PublishFrom', desc: true },
  },
});

const newsCalls = documentCalls(NewsItem);
export const GetNewsItems = newsCalls.List;
export const GetNewsItem = newsCalls.Get;
export const UpdateNewsItem = newsCalls.Update;
export const AddNewsItem = newsCalls.Create!;
export const DeleteNewsItem = newsCalls.Delete!;
export const GetNewsItemHistory = newsCalls.History;

export const PublishedNews = z.object({
  NewsItemID: Id,
  Title: z.string(),
  Body: z.string(),
  ForPlantID: z.number().nullable(),
  PublishFrom: z.string().nullable(),
  Pinned: z.boolean(),
});
export type PublishedNews = z.infer<typeof PublishedNews>;

/** Every published news change is announced here; Intro reads its news again when it hears one. */
export const NEWS_TOPIC = 'news';

/** The news one's Intro shows: published now, for one's plant or all plants; pinned first, then newest. */
export const GetNews = defineCall({
  method: 'GET',
  path: 'web/GetNews',
  summary: "The news published now for the user's plant and for all plants: pinned first, then newest.",
  access: 'user',
  payload: z.object({}),
  result: z.array(PublishedNews),
});
