import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Count, Id, Text, Timestamp } from '../contract/fields';
import { FieldFilter } from './document';

/**
 * Saved views of the kit's lists (issue 16 item 5): a person names what a list shows (search, filters,
 * sort, the columns in their order, the grouping) and opens it again later, in any tab. Views are each
 * employee's own; one per document type may be the default, opened when the list's address says
 * nothing. They follow the user's own topic `kit:<EmployeeID>` (collection `savedViews`), so another tab
 * shows a view saved here at once.
 */

/** The most views one employee keeps per document type. */
export const SAVED_VIEWS_MAX = 50;

/** What a view remembers: every part optional, a missing part is the list's default. */
export const ViewState = z.strictObject({
  Search: Text(200).optional(),
  Filters: z.record(Text(100), FieldFilter).optional(),
  Sort: Text(100).optional(),
  Desc: z.boolean().optional(),
  /** Visible columns, in order. */
  Columns: z.array(Text(100)).min(1).max(100).optional(),
  GroupBy: Text(100).nullable().optional(),
});
export type ViewState = z.infer<typeof ViewState>;

export const SavedView = z.object({
  ViewID: Id,
  Type: z.string(),
  Name: z.string(),
  State: ViewState,
  IsDefault: z.boolean(),
  UpdatedAt: Timestamp,
});
export type SavedView = z.infer<typeof SavedView>;

const DocType = Text(60).regex(/^[a-z][A-Za-z0-9]*$/, 'must be a document type such as device');
const ViewName = Text(80).trim().min(1, 'must not be empty');

export const GetSavedViews = defineCall({
  method: 'GET',
  path: 'web/GetSavedViews',
  summary: "The caller's own saved views of one document type's list, by name.",
  access: 'user',
  payload: z.object({ Type: DocType }),
  result: z.object({ Rows: z.array(SavedView), Total: Count() }),
});

export const SaveSavedView = defineCall({
  method: 'POST',
  path: 'web/SaveSavedView',
  summary:
    "Add a saved view (no ViewID) or change one of the caller's own (name, what it shows, whether it is the default for its type).",
  access: 'user',
  payload: z.object({
    Type: DocType,
    ViewID: Id.optional(),
    Name: ViewName,
    State: ViewState,
    IsDefault: z.boolean().optional(),
  }),
  result: z.object({ View: SavedView }),
});

export const DeleteSavedView = defineCall({
  method: 'POST',
  path: 'web/DeleteSavedView',
  summary: "Delete one of the caller's own saved views.",
  access: 'user',
  payload: z.object({ ViewID: Id }),
  result: z.object({ ViewID: Id }),
});

export const savedViewCalls = [GetSavedViews, SaveSavedView, DeleteSavedView];

/** The user's own topic of the kit: saved views and export progress (collections below). */
export const kitTopic = (employeeId: number) => `kit:${employeeId}`;
export const SAVED_VIEWS_COLLECTION = 'savedViews';
export const EXPORTS_COLLECTION = 'exports';

/** A running export's progress item on kit:<EmployeeID>. */
export interface ExportProgress {
  ExportID: string;
  Rows: number;
  Total: number;
  Done: boolean;
}
