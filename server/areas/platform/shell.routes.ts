import { displayPath, routeTable } from '../../../domain/platform/routes';
import { GetScreenCatalogue } from '../../../domain/platform/shell';
import type { CallRegistry } from '../../rpc/registry';

/** The screen catalogue: the client's route table, as data, for /screenviewer. */
export function registerShellCalls(registry: CallRegistry): void {
  const rows = routeTable.map((e) =>
    e.kind === 'screen'
      ? {
          Path: displayPath(e.path),
          Kind: 'screen' as const,
          Name: e.name,
          Title: e.title,
          Area: e.area,
          Interface: e.interface,
          Public: e.public,
          Flags: [...e.flags],
          Built: e.screen !== undefined,
          RedirectTo: null,
        }
      : {
          Path: displayPath(e.path),
          Kind: 'redirect' as const,
          Name: null,
          Title: null,
          Area: null,
          Interface: null,
          Public: false,
          Flags: [],
          Built: true,
          RedirectTo: displayPath(e.to),
        },
  );
  registry.handle(GetScreenCatalogue, async () => rows);
}
