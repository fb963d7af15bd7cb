import { choiceLabel } from '../../../domain/kit/document';
import { formatDateTime } from '../../../domain/platform/dates';
import { plants } from '../../../domain/platform/plants';
import { LabelPrinter, PrintTestLabel, testLabelZpl } from '../../../domain/platform/printers';
import { registerDocument } from '../../kit/document.routes';
import { invalid } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';
import { labelPrinters, labelPrinterTable, sendToPrinter } from './printing';

/**
 * /printers on the document kit, with its own rule (one default printer per plant and purpose) and its
 * record action: a ZPL test label sent to the printer over TCP.
 */
export function registerPrinterCalls(registry: CallRegistry): void {
  registerDocument(registry, LabelPrinter, labelPrinterTable, {
    async checkRecord({ db }, { before, after }) {
      const purpose = after.DefaultFor as string | null | undefined;
      if (!purpose) return;
      const plant = Number(after.PlantID);
      // Two saves at once must not both find no default and then meet at the unique index (a 500): the
      // second waits here until the first commits, then sees its row.
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `label_printer_default:${plant}:${purpose}`,
      ]);
      const { Rows } = await labelPrinters.list(db, {
        plantId: plant,
        filters: { DefaultFor: { AnyOf: [purpose] } },
        take: 2,
      });
      const other = Rows.find((r) => r.LabelPrinterID !== before?.LabelPrinterID);
      if (other) {
        const plantName = plants.find((p) => p.PlantID === plant)?.PlantName ?? `plant ${plant}`;
        const what = choiceLabel(LabelPrinter.fields.DefaultFor!, purpose).toLowerCase();
        throw invalid(
          `DefaultFor: "${other.Name}" is already the default printer for ${what} in ${plantName}; clear it there first`,
        );
      }
    },
  });

  registry.handle(
    PrintTestLabel,
    async ({ db, payload }) => {
      const p = await labelPrinters.get(db, payload.LabelPrinterID);
      if (!p) throw invalid(`LabelPrinterID: there is no label printer ${payload.LabelPrinterID}`);
      const plantId = Number(p.PlantID);
      const zpl = testLabelZpl({
        id: payload.LabelPrinterID,
        name: String(p.Name),
        plantName: plants.find((x) => x.PlantID === plantId)?.PlantName ?? `Plant ${plantId}`,
        location: (p.Location as string | null) ?? null,
        host: String(p.Host),
        port: Number(p.Port),
        labelSize: p.LabelSize as never,
        dpi: p.Dpi as never,
        printedAt: formatDateTime(new Date().toISOString(), plantId),
      });
      const sent = await sendToPrinter(db, payload.LabelPrinterID, zpl);
      return { Ok: true, Message: `Test label sent to ${sent.Name} (${sent.Host}:${sent.Port}).` };
    },
    {
      plant: {
        by: "the printer's plant",
        plants: async (db, p) => [await labelPrinters.plantOf(db, Number(p.LabelPrinterID))],
      },
    },
  );
}
