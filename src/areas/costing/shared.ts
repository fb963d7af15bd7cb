import { useCallback, useEffect, useRef, useState } from 'react';
import type { CostingEngineRow, EngineStatus } from '../../../domain/costing/engines';
import { GetEngines } from '../../../domain/costing/engines';
import { flagServerName, type PermissionFlag } from '../../../domain/platform/permissions';
import type { UserRecord } from '../../../domain/platform/session';
import type { ApiClient } from '../../api';

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

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

/** Every engine version (list rows), reloadable; errors are kept to show beside the list. */
export function useEngineList(api: Pick<ApiClient, 'get'>) {
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
  return { rows, error, reload };
}

/** "LV-CUT01 · v2 · Draft" */
export const engineLabel = (r: Pick<CostingEngineRow, 'ResourceID' | 'Version'>, status: string) =>
  `${r.ResourceID} · v${r.Version} · ${status}`;
