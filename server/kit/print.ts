import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { DocumentDecl, HistoryRow } from '../../domain/kit/document';
import { formatDateTime, formatLocalDate, isLocalDate } from '../../domain/platform/dates';
import { plants } from '../../domain/platform/plants';
import type { DocRecord } from './document.repository';

/**
 * A kit record as a PDF (issue 16 item 7), made on the server with pdfmake from the type's
 * declaration: the title, the status, every field as label and value, and the history as a table
 * whose header row repeats on every page (headerRows: 1) and whose rows never split across pages
 * (dontBreakRows: true), the two faults users of other products report most (frappe/frappe#29081).
 * A type may give its own template (DocumentRules.print); this is the default.
 */

// The PDF standard fonts: nothing to ship or read from disk, and no URL is ever fetched.
pdfmake.setFonts({
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
});
pdfmake.setUrlAccessPolicy(() => false);

export interface PrintInput {
  decl: DocumentDecl;
  record: DocRecord;
  history: HistoryRow[];
  /** The zone instants are shown in (the record's plant's, spec 000 §9). */
  zone: number | string | null;
  printedBy: string;
  printedAt: Date;
}

/** A type's own layout: the content between the standard header and footer. */
export type PrintTemplate = (input: PrintInput) => Content[];

const plantName = (id: unknown) => plants.find((p) => p.PlantID === id)?.PlantName ?? String(id);

/** A value as the record screen shows it. */
export function printedValue(decl: DocumentDecl, field: string, value: unknown, zone: PrintInput['zone']) {
  if (value === null || value === undefined || value === '') return '-';
  if (field === decl.plantField) return plantName(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isLocalDate(value)) return formatLocalDate(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value, zone);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function historyText(decl: DocumentDecl, row: HistoryRow, zone: PrintInput['zone']): string {
  if (row.Field === '(created)') return 'Created';
  if (row.Field === '(deleted)') return 'Deleted';
  const label = decl.fields[row.Field]?.label ?? row.Field;
  return `${label}: from ${printedValue(decl, row.Field, row.Old, zone)} to ${printedValue(decl, row.Field, row.New, zone)}`;
}

export function defaultTemplate(input: PrintInput): Content[] {
  const { decl, record, history, zone } = input;
  const fields = Object.entries(decl.fields).map(([name, f]) => [
    { text: f.label, bold: true },
    printedValue(decl, name, record[name], zone),
  ]);
  return [
    {
      table: { widths: [150, '*'], body: fields },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 16],
    },
    { text: 'History', style: 'section' },
    history.length
      ? {
          table: {
            headerRows: 1,
            dontBreakRows: true,
            widths: [110, 110, '*'],
            body: [
              [
                { text: 'When', bold: true },
                { text: 'Who', bold: true },
                { text: 'What changed', bold: true },
              ],
              ...history.map((h) => [formatDateTime(h.At, zone), h.Name ?? '-', historyText(decl, h, zone)]),
            ],
          },
          layout: 'lightHorizontalLines',
        }
      : { text: 'No changes recorded.', italics: true },
  ];
}

/** The title a record prints under: its type and id, and its first field (its name, usually). */
export function printTitle(decl: DocumentDecl, record: DocRecord): string {
  const first = Object.keys(decl.fields)[0];
  const name = first ? record[first] : null;
  const noun = decl.noun.charAt(0).toUpperCase() + decl.noun.slice(1);
  return `${noun} ${record[decl.key]}${typeof name === 'string' && name ? `: ${name}` : ''}`;
}

export async function printRecord(
  input: PrintInput,
  template: PrintTemplate = defaultTemplate,
): Promise<Buffer> {
  const { decl, record } = input;
  const title = printTitle(decl, record);
  const status = record.Deleted ? 'Deleted' : 'Active';
  const plant = decl.plantField ? plantName(record[decl.plantField]) : null;
  const definition: TDocumentDefinitions = {
    info: { title, creator: 'Steelworks' },
    pageSize: 'LETTER',
    pageMargins: [40, 60, 40, 50],
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    styles: {
      title: { fontSize: 16, bold: true },
      section: { fontSize: 12, bold: true, margin: [0, 0, 0, 6] },
    },
    header: (page, pages) => ({
      margin: [40, 24, 40, 0],
      columns: [
        { text: title, bold: true },
        { text: `Page ${page} of ${pages}`, alignment: 'right' },
      ],
    }),
    footer: {
      margin: [40, 10, 40, 0],
      fontSize: 8,
      text: `Printed ${formatDateTime(input.printedAt, input.zone)} by ${input.printedBy}`,
    },
    content: [
      { text: title, style: 'title' },
      { text: [status, plant ? ` · ${plant}` : ''].join(''), margin: [0, 2, 0, 12] },
      ...template(input),
    ],
  };
  return Buffer.from(await pdfmake.createPdf(definition).getBuffer());
}
