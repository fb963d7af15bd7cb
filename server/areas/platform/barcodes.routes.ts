import bwipjs from 'bwip-js/node';
import {
  type BarcodeRequest,
  barcodeZpl,
  contentProblem,
  GetBarcodePrinters,
  isTwoD,
  PrintBarcode,
  RenderBarcode,
  symbologyNames,
} from '../../../domain/platform/barcodes';
import { zplField } from '../../../domain/platform/printers';
import { invalid } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';
import { labelPrinters, sendToPrinter, usablePrinter } from './printing';

/**
 * /barcodes: barcodes drawn on the server with bwip-js (the browser loads no barcode library: the
 * preview is the SVG this answers) and printed as native ZPL through `sendToPrinter`.
 */

/** bwip-js's options for a request; the content is checked first so bwip-js is never asked to fail. */
export function bwipOptions(b: BarcodeRequest) {
  const problem = contentProblem(b.Symbology, b.Text);
  if (problem) throw invalid(problem);
  return {
    bcid: b.Symbology,
    text: b.Text,
    scale: b.Scale ?? 3,
    ...(isTwoD(b.Symbology)
      ? {}
      : { height: b.HeightMm ?? 15, includetext: b.HumanReadable ?? true, textxalign: 'center' as const }),
    paddingwidth: 4,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  };
}

export function registerBarcodeCalls(registry: CallRegistry): void {
  registry.handle(
    RenderBarcode,
    async ({ payload }) => {
      const options = bwipOptions(payload);
      try {
        if (payload.Format === 'png') {
          const png = await bwipjs.toBuffer(options);
          return { Format: 'png' as const, Data: png.toString('base64') };
        }
        return { Format: 'svg' as const, Data: bwipjs.toSVG(options) };
      } catch (error) {
        // bwip-js's own refusals (a check the rules above do not make): the content is at fault.
        throw invalid(
          `Text: ${symbologyNames[payload.Symbology]} cannot encode it (${String((error as Error).message).replace(/^\w+: /, '')})`,
        );
      }
    },
    { plant: { none: 'drawing a barcode reads no plant data' } },
  );

  registry.handle(
    PrintBarcode,
    async ({ db, payload }) => {
      const problem = contentProblem(payload.Symbology, payload.Text);
      if (problem) throw invalid(problem);
      const printer = await usablePrinter(db, payload.LabelPrinterID);
      const copies = payload.Copies ?? 1;
      await sendToPrinter(
        db,
        printer.LabelPrinterID,
        barcodeZpl({ ...payload, copies, dpi: Number(printer.Dpi) }, zplField),
      );
      return {
        Message: `${copies === 1 ? 'One label' : `${copies} labels`} sent to ${printer.Name}.`,
      };
    },
    {
      plant: {
        by: "the printer's plant",
        plants: async (db, p) => [await labelPrinters.plantOf(db, Number(p.LabelPrinterID))],
      },
    },
  );

  registry.handle(
    GetBarcodePrinters,
    async ({ db, payload }) => {
      const { Rows } = await labelPrinters.list(db, {
        plantId: payload.PlantID ?? null,
        filters: { InService: { Is: true } },
        sort: 'Name',
        take: 500,
      });
      return Rows.map((r) => ({
        LabelPrinterID: Number(r.LabelPrinterID),
        Name: String(r.Name),
        PlantID: Number(r.PlantID),
        Location: (r.Location as string | null) ?? null,
        Default: r.DefaultFor === 'barcodes',
      })).sort((a, b) => Number(b.Default) - Number(a.Default));
    },
    {
      plant: {
        by: "PlantID (left out: the user's own plant)",
        plants: async (_db, p) => [p.PlantID as number],
        ownPlantWhenAbsent: true,
      },
    },
  );
}
