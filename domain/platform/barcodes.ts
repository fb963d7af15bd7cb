import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Id, Int, PlantID, Text } from '../contract/fields';

/**
 * /barcodes: make a barcode label. The server draws the barcode with bwip-js (the preview as SVG, a
 * download as SVG or PNG) so the browser loads no barcode library, and prints it as native ZPL on a
 * label printer of /printers. Each symbology's rule for what it can carry is checked here, the same on
 * the screen and on the server.
 */

export const symbologies = ['code128', 'qrcode', 'datamatrix', 'code39'] as const;
export type Symbology = (typeof symbologies)[number];

export const symbologyNames: Record<Symbology, string> = {
  code128: 'Code 128',
  qrcode: 'QR code',
  datamatrix: 'Data Matrix',
  code39: 'Code 39',
};

/** Two-dimensional codes have no height of their own (they are square) and no human-readable line. */
export const isTwoD = (s: Symbology) => s === 'qrcode' || s === 'datamatrix';

const LIMITS: Record<Symbology, number> = { code128: 80, code39: 43, qrcode: 1000, datamatrix: 1000 };

/**
 * Null when the symbology can carry the text, else why not (a sentence naming the symbology): Code 39
 * only upper-case letters, digits, space and - . $ / + %; Code 128 printable ASCII; QR and Data Matrix
 * any text up to 1,000 characters. Lengths are kept to what fits on a 4-inch label.
 */
export function contentProblem(symbology: Symbology, text: string): string | null {
  const name = symbologyNames[symbology];
  if (text.length === 0) return `Text: ${name} needs something to encode`;
  if (text.length > LIMITS[symbology])
    return `Text: ${name} takes at most ${LIMITS[symbology]} characters here (this is ${text.length})`;
  if (symbology === 'code39') {
    const bad = text.match(/[^A-Z0-9 \-.$/+%]/);
    if (bad)
      return `Text: Code 39 cannot encode '${bad[0]}' (only A–Z, 0–9, space and - . $ / + %; use Code 128 for lower case)`;
  }
  if (symbology === 'code128') {
    const bad = text.match(/[^\x20-\x7e]/);
    if (bad)
      return `Text: Code 128 cannot encode '${bad[0]}' (printable ASCII only; use a QR code or Data Matrix)`;
  }
  return null;
}

const Barcode = z.object({
  Symbology: z.enum(symbologies),
  Text: Text(1000),
  /** Module (narrowest bar) width in printer dots / screen pixels: 1 to 10. */
  Scale: Int(1, 10).optional(),
  /** Bar height in millimetres (linear codes). */
  HeightMm: Int(5, 100).optional(),
  /** The text under a linear code. */
  HumanReadable: z.boolean().optional(),
});
export type BarcodeRequest = z.infer<typeof Barcode>;

/** The route's flags: the manufacturing interface and the administrators. */
export const barcodeUsers = [
  'accessManufacturing',
  'superAdministrator',
  'mesAdministrator',
  'informationTechnology',
] as const;

export const RenderBarcode = defineCall({
  method: 'GET',
  path: 'web/RenderBarcode',
  summary:
    'Draw a barcode with bwip-js: SVG text, or a PNG as base64. The text is checked for the symbology.',
  access: { anyOf: barcodeUsers },
  payload: Barcode.extend({ Format: z.enum(['svg', 'png']).optional() }),
  result: z.object({ Format: z.enum(['svg', 'png']), Data: z.string() }),
});

export const PrintBarcode = defineCall({
  method: 'POST',
  path: 'web/PrintBarcode',
  summary:
    'Print a barcode label on a label printer of the user’s plant (native ZPL), as many copies as asked.',
  access: { anyOf: barcodeUsers },
  payload: Barcode.extend({ LabelPrinterID: Id, Copies: Int(1, 100).optional() }),
  result: z.object({ Message: z.string() }),
});

export const GetBarcodePrinters = defineCall({
  method: 'GET',
  path: 'web/GetBarcodePrinters',
  summary:
    'The label printers in service a barcode label can go to: the user’s plant’s (every plant’s for those who cross plants), the barcode default first.',
  access: { anyOf: barcodeUsers },
  payload: z.object({ PlantID: PlantID.optional() }),
  result: z.array(
    z.object({
      LabelPrinterID: Id,
      Name: z.string(),
      PlantID: z.number().int(),
      Location: z.string().nullable(),
      Default: z.boolean(),
    }),
  ),
});

/** ZPL for a barcode label: the code at the top left, native (^BC, ^B3, ^BQ, ^BX), then `^PQ` copies. */
export function barcodeZpl(
  b: BarcodeRequest & { copies?: number; dpi?: number },
  field: (t: string) => string,
): string {
  const dpi = b.dpi ?? 203;
  const scale = b.Scale ?? 3;
  const height = Math.round(((b.HeightMm ?? 15) / 25.4) * dpi);
  const hr = (b.HumanReadable ?? true) ? 'Y' : 'N';
  const data = `^FH\\^FD${field(b.Text)}^FS`;
  const code = (() => {
    switch (b.Symbology) {
      case 'code128':
        return `^BY${scale}^BCN,${height},${hr},N,N${data}`;
      case 'code39':
        return `^BY${scale}^B3N,N,${height},${hr},N${data}`;
      case 'qrcode':
        // Model 2, magnification = scale; "QA," picks error correction Q and automatic input.
        return `^BQN,2,${Math.max(1, scale)}^FH\\^FDQA,${field(b.Text)}^FS`;
      case 'datamatrix':
        return `^BXN,${Math.max(1, scale * 2)},200${data}`;
    }
  })();
  return ['^XA', '^CI28', `^FO30,30${code}`, `^PQ${b.copies ?? 1}`, '^XZ', ''].join('\n');
}
