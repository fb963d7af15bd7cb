import { useCallback, useEffect, useRef, useState } from 'react';
import type { CostingEngine, CostingEngineRow, EngineStatus } from '../../../domain/costing/engines';
import { GetEngines } from '../../../domain/costing/engines';
import { topicOf } from '../../../domain/live/topics';
import { flagServerName, type PermissionFlag } from '../../../domain/platform/permissions';
import type { UserRecord } from '../../../domain/platform/session';
import { type ApiClient, messageOf } from '../../api';
import { useTopic } from '../../app/use-topic';

export { messageOf };

/** Whether the user record holds one of the flags (the same rule as a call's `anyOf`). */
export function holdsAnyFlag(user: UserRecord | null, flags: readonly PermissionFlag[]): boolean {
  if (!user) return false;
  const record = user as unknown as Record<string, unknown>;
  return flags.some((f) => record[flagServerName(f)] === true);
}

export const canEditEngines = (user: UserRecord | null) => holdsAnyFlag(user, ['editCostingEngines']);

/** English status words (translated where shown). */
export const statusWords: Record<EngineStatus, string> = {
  draft: 'Draft',
  published: 'Active',
  retired: 'Retired',
};

/** A query-string number (?engine=12), or null. */
export function queryNumber(search: string, name: string): number | null {
  const raw = new URLSearchParams(search).get(name);
  const n = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export const ENGINES_TOPIC = topicOf.costingEngines();

/** A live change of one engine version: the document, or null when a draft was deleted. */
export interface EngineChange {
  id: number;
  doc: CostingEngine | null;
}

/**
 * Follows topic `costing:engines` while mounted (and `follow`): `onChange` for each change another
 * editor (or this tab) committed, `onResync` after every hub (re)connect, when changes may have been
 * missed and the screen reloads. The screens keep what they show in component state, not in an RxDB
 * collection: an engine list is small and read whole, so a reload on reconnect is all the catching up
 * it needs.
 */
export function useEngineChanges(
  follow: boolean,
  onChange: (change: EngineChange) => void,
  onResync: () => void,
): void {
  useTopic(
    follow ? ENGINES_TOPIC : null,
    (items) => {
      for (const item of items) onChange({ id: Number(item.id), doc: item.doc as CostingEngine | null });
    },
    onResync,
  );
}

const byResourceThenNewest = (a: CostingEngineRow, b: CostingEngineRow) =>
  a.ResourceID < b.ResourceID ? -1 : a.ResourceID > b.ResourceID ? 1 : b.Version - a.Version;

/** The list with one change applied (upsert, or removal of a deleted draft). */
export function applyEngineChange(rows: CostingEngineRow[], { id, doc }: EngineChange): CostingEngineRow[] {
  const rest = rows.filter((r) => r.CostingEngineID !== id);
  if (!doc) return rest;
  const { Steps, ...row } = doc;
  return [...rest, { ...row, StepCount: Steps.length }].sort(byResourceThenNewest);
}

/**
 * Every engine version (list rows), reloadable, kept live from `costing:engines` when `follow`; errors
 * are kept to show beside the list.
 */
export function useEngineList(api: Pick<ApiClient, 'get'>, follow = false) {
  const [rows, setRows] = useState<CostingEngineRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);
  const reload = useCallback(() => {
    const mine = ++request.current;
    return api.get(GetEngines, {}).then(
      (list) => {
        if (mine !== request.current) return;
        setRows(list);
        setError(null);
      },
      (e: unknown) => mine === request.current && setError(messageOf(e)),
    );
  }, [api]);
  useEffect(() => {
    void reload();
  }, [reload]);
  useEngineChanges(
    follow,
    (change) => setRows((current) => current && applyEngineChange(current, change)),
    () => void reload(),
  );
  return { rows, error, reload };
}

/** "LV-CUT01 · v2 · Draft" */
export const engineLabel = (r: Pick<CostingEngineRow, 'ResourceID' | 'Version'>, status: string) =>
  `${r.ResourceID} · v${r.Version} · ${status}`;
