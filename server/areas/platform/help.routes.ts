import { GetClientErrors } from '../../../domain/platform/client-errors';
import {
  DeleteHelpLink,
  DismissTip,
  GetDismissedTips,
  GetHelpLinks,
  type HelpLinkRow,
  SaveHelpLink,
} from '../../../domain/platform/help';
import { invalid } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';
import { listClientErrors } from './client-errors.repository';
import * as help from './help.repository';

const toRow = (l: help.HelpLinkDbRow): HelpLinkRow => ({
  HelpLinkID: l.help_link_id,
  Kind: l.kind,
  RouteName: l.route_name,
  Title: l.title,
  URL: l.url,
});

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Help-link maintenance, tip dismissal and the client-error list (calls beyond the specification; see
 * the area README). Access is declared on each call in domain/platform/help.ts and client-errors.ts.
 */
export function registerHelpCalls(registry: CallRegistry): void {
  registry.handle(GetHelpLinks, async ({ db, payload }) =>
    (await help.listAllHelpLinks(db, payload.Kind, payload.RouteName || null)).map(toRow),
  );

  registry.handle(SaveHelpLink, async ({ db, payload }) => {
    const id = payload.HelpLinkID ?? null;
    const link = { kind: payload.Kind, routeName: payload.RouteName, title: payload.Title, url: payload.URL };
    if (id !== null && !(await help.findHelpLink(db, id))) {
      throw invalid(
        `Help link ${id} does not exist; it may have been deleted by someone else. Reload the list.`,
      );
    }
    const same = await help.findSameAddress(db, { ...link, exceptId: id });
    if (same) {
      throw invalid(
        `"${same.route_name}" already has this address as "${same.title}"; change that link instead of adding it twice.`,
      );
    }
    const saved =
      id === null ? await help.insertHelpLink(db, link) : await help.updateHelpLink(db, { ...link, id });
    return toRow(saved!);
  });

  registry.handle(DeleteHelpLink, async ({ db, payload }) => {
    if (!(await help.deleteHelpLink(db, payload.HelpLinkID))) {
      throw invalid(`Help link ${payload.HelpLinkID} does not exist; it may have been deleted already.`);
    }
    return null;
  });

  registry.handle(GetDismissedTips, async ({ db, user }) =>
    (await help.listDismissedTips(db, user!.employeeId)).map((t) => ({
      TipKey: t.tip_key,
      RouteName: t.route_name,
    })),
  );

  registry.handle(DismissTip, async ({ db, user, payload }) => {
    await help.insertDismissedTip(db, user!.employeeId, payload.TipKey, payload.RouteName);
    return null;
  });

  registry.handle(GetClientErrors, async ({ db, payload }) => {
    const { rows, total } = await listClientErrors(db, {
      search: payload.Search || null,
      skip: payload.Skip,
      take: payload.Take,
    });
    return {
      Rows: rows.map((r) => ({
        ClientErrorID: Number(r.client_error_id),
        At: iso(r.reported_at),
        Name: r.name,
        EmployeeID: r.employee_id,
        PlantID: r.plant_id,
        Browser: r.browser,
        Message: r.message,
        Stack: r.stack,
        URL: r.url,
        Verified: r.verified,
      })),
      Total: total,
    };
  });
}
