import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Id, Int, PlantID, Text } from '../contract/fields';
import { defineDocument, documentCalls, RecordActionResult } from '../kit/document';

/**
 * /printers: the label printers of each plant (Zebra-type printers speaking ZPL on a raw TCP port,
 * 9100 by default), kept by IT. Other areas print through the server's `sendToPrinter`
 * (server/areas/platform/printing.ts); `DefaultFor` says which printer of a plant takes which labels
 * when nobody chooses one. The spec names only the route.
 */

/** The purposes a plant's default label printer can be for (at most one printer per plant and purpose). */
export const printerPurposes = ['tags', 'shipping', 'receiving', 'barcodes', 'travelers'] as const;
export type PrinterPurpose = (typeof printerPurposes)[number];

/** Label stock, width x height in inches (the label's size in dots follows from it at the printer's DPI). */
export const labelSizes = ['4x6', '4x4', '4x3', '4x2', '3x2', '2x1'] as const;
export const printerDpis = ['203', '300', '600'] as const;
export const printerLanguages = ['ZPL'] as const;

/** Who keeps the printers and may test them: IT and the administrators (as /devices). */
export const printerAdmins = ['informationTechnology', 'mesAdministrator', 'superAdministrator'] as const;

/** A host name or an IP address: letters, digits, dots, hyphens and colons (IPv6), nothing else. */
export const HostName = Text(253)
  .trim()
  .min(1)
  .regex(/^[A-Za-z0-9.:-]+$/, 'must be a host name or an IP address');
export const Port = Int(1, 65535);

export const PrintTestLabel = defineCall({
  method: 'POST',
  path: 'web/PrintTestLabel',
  summary:
    'Send a ZPL test label to a label printer over TCP: its name, plant, location, address and the time. An Error names the printer when it cannot be reached.',
  access: { anyOf: printerAdmins },
  payload: z.object({ LabelPrinterID: Id }),
  result: RecordActionResult,
});

export const LabelPrinter = defineDocument({
  type: 'labelPrinter',
  noun: 'label printer',
  nounPlural: 'label printers',
  key: 'LabelPrinterID',
  fields: {
    Name: {
      type: Text(100).trim().min(1),
      label: 'Name',
      edit: true,
      required: true,
      filter: 'text',
      sort: true,
      search: true,
    },
    PlantID: { type: PlantID, label: 'Plant', input: 'plant', edit: true, required: true, sort: true },
    Location: {
      type: Text(200).nullable(),
      label: 'Location',
      edit: true,
      filter: 'text',
      sort: true,
      search: true,
    },
    Host: { type: HostName, label: 'Host', edit: true, required: true, sort: true, search: true },
    Port: { type: Port, label: 'Port', edit: true, input: 'number', sort: true },
    Language: { type: z.enum(printerLanguages), label: 'Language', choices: printerLanguages },
    LabelSize: {
      type: z.enum(labelSizes),
      label: 'Label size',
      edit: true,
      filter: 'choice',
      choices: labelSizes,
      choiceLabels: Object.fromEntries(labelSizes.map((s) => [s, `${s.replace('x', ' x ')} in`])),
      sort: true,
    },
    Dpi: { type: z.enum(printerDpis), label: 'Resolution (dpi)', edit: true, choices: printerDpis },
    InService: { type: z.boolean(), label: 'In service', edit: true, filter: 'boolean', sort: true },
    DefaultFor: {
      type: z.enum(printerPurposes).nullable(),
      label: 'Default for',
      edit: true,
      filter: 'choice',
      choices: printerPurposes,
      choiceLabels: {
        tags: 'Inventory tags',
        shipping: 'Shipping labels',
        receiving: 'Receiving labels',
        barcodes: 'Barcode labels',
        travelers: 'Travelers',
      },
      sort: true,
    },
    Notes: { type: Text(2000).nullable(), label: 'Notes', edit: true, input: 'textarea' },
  },
  access: { read: { anyOf: printerAdmins }, change: { anyOf: printerAdmins } },
  plantField: 'PlantID',
  calls: {
    list: 'web/GetLabelPrinters',
    get: 'web/GetLabelPrinter',
    update: 'web/UpdateLabelPrinter',
    create: 'web/AddLabelPrinter',
    delete: 'web/DeleteLabelPrinter',
    history: 'web/GetLabelPrinterHistory',
  },
  list: {
    columns: ['Name', 'PlantID', 'Location', 'Host', 'Port', 'LabelSize', 'DefaultFor', 'InService'],
    sort: { field: 'Name' },
  },
  actions: [{ label: 'Print test label', call: PrintTestLabel }],
});

const calls = documentCalls(LabelPrinter);
export const GetLabelPrinters = calls.List;
export const GetLabelPrinter = calls.Get;
export const UpdateLabelPrinter = calls.Update;
export const GetLabelPrinterHistory = calls.History;
export const AddLabelPrinter = calls.Create!;
export const DeleteLabelPrinter = calls.Delete!;

/** Label sizes in dots: the width and length ZPL's ^PW and ^LL take. */
export function labelDots(size: (typeof labelSizes)[number], dpi: (typeof printerDpis)[number]) {
  const [w, h] = size.split('x').map(Number) as [number, number];
  const d = Number(dpi);
  return { width: Math.round(w * d), length: Math.round(h * d) };
}

/**
 * Text for a ZPL field: `^FH\` makes `\` the escape and each of ^ ~ \ is written as its hex code, so
 * what a person typed can never end the field or start a command. Needs `^FH\` before `^FD`.
 */
export function zplField(text: string): string {
  return text.replace(/[\\^~]/g, (c) => `\\${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The test label: the printer's name big, then its plant, location and address, the time, a Code 128 of its id. */
export function testLabelZpl(p: {
  id: number;
  name: string;
  plantName: string;
  location: string | null;
  host: string;
  port: number;
  labelSize: (typeof labelSizes)[number];
  dpi: (typeof printerDpis)[number];
  printedAt: string;
}): string {
  const { width, length } = labelDots(p.labelSize, p.dpi);
  const s = Number(p.dpi) / 203; // The layout is drawn for 203 dpi and scaled.
  const at = (n: number) => Math.round(n * s);
  const line = (y: number, size: number, text: string) =>
    `^FO${at(30)},${at(y)}^A0N,${at(size)},${at(size)}^FB${width - at(60)},1,0,L^FH\\^FD${zplField(text)}^FS`;
  return [
    '^XA',
    '^CI28',
    `^PW${width}`,
    `^LL${length}`,
    line(20, 28, 'TEST LABEL'),
    line(60, 44, p.name),
    line(115, 26, [p.plantName, p.location].filter(Boolean).join(' · ')),
    line(150, 26, `${p.host}:${p.port}`),
    line(185, 22, p.printedAt),
    `^FO${at(30)},${at(220)}^BY${Math.max(2, at(2))}^BCN,${at(60)},Y,N,N^FD${`LP${p.id}`}^FS`,
    '^XZ',
    '',
  ].join('\n');
}
