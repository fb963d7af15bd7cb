import { createConnection } from 'node:net';
import {
  LabelPrinter,
  type labelSizes,
  type PrinterPurpose,
  type printerDpis,
} from '../../../domain/platform/printers';
import type { Sql } from '../../db/database';
import { DocumentRepository, type DocumentTable } from '../../kit/document.repository';
import { invalid } from '../../rpc/errors';

/**
 * Printing labels (issue 16, /printers): how any area sends ZPL to a label printer of /printers. The
 * printer is found by its id, must not be deleted and must be in service; the ZPL goes over a raw TCP
 * connection to its host and port (9100 unless set), with a timeout, and a printer that cannot be
 * reached is answered with an Error naming it and saying why, never a server fault.
 */

export const labelPrinterTable: DocumentTable = {
  table: 'label_printers',
  key: 'label_printer_id',
  deletedAt: 'deleted_at',
  columns: {
    Name: 'name',
    PlantID: 'plant_id',
    Location: 'location',
    Host: 'host',
    Port: 'port',
    Language: 'language',
    LabelSize: 'label_size',
    Dpi: 'dpi',
    InService: 'in_service',
    DefaultFor: 'default_for',
    Notes: 'notes',
  },
};

/** The label printers' table, read by the printing functions below (the kit's calls use their own). */
export const labelPrinters = new DocumentRepository(LabelPrinter, labelPrinterTable);

/** How long a printer may take to accept the connection and the label (PRINTER_TIMEOUT_MS, default 5 s). */
export const printerTimeoutMs = () => Number(process.env.PRINTER_TIMEOUT_MS) || 5000;

export interface PrinterRecord {
  LabelPrinterID: number;
  Name: string;
  PlantID: number;
  Location: string | null;
  Host: string;
  Port: number;
  LabelSize: (typeof labelSizes)[number];
  Dpi: (typeof printerDpis)[number];
  InService: boolean;
  DefaultFor: PrinterPurpose | null;
  Deleted: boolean;
}

/** A printer that may print now, or an Error naming what is wrong with it. */
export async function usablePrinter(db: Sql, printerId: number): Promise<PrinterRecord> {
  const p = (await labelPrinters.get(db, printerId)) as PrinterRecord | null;
  if (!p) throw invalid(`LabelPrinterID: there is no label printer ${printerId}`);
  if (p.Deleted) throw invalid(`LabelPrinterID: printer "${p.Name}" is deleted`);
  if (!p.InService) throw invalid(`LabelPrinterID: printer "${p.Name}" is out of service`);
  return p;
}

/** The plant's default printer for a purpose (in service, not deleted); null when it has none. */
export async function defaultPrinter(
  db: Sql,
  plantId: number,
  purpose: PrinterPurpose,
): Promise<PrinterRecord | null> {
  const { Rows } = await labelPrinters.list(db, {
    plantId,
    filters: { DefaultFor: { AnyOf: [purpose] }, InService: { Is: true } },
    take: 1,
  });
  return (Rows[0] as PrinterRecord | undefined) ?? null;
}

/** Why a connection failed, in words a person at the plant can act on. */
export function connectionProblem(error: NodeJS.ErrnoException, timeoutMs: number): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'the connection was refused (is it switched on, and is that its raw printing port?)';
    case 'ETIMEDOUT':
    case 'TIMEOUT':
      return `no answer within ${timeoutMs / 1000} s`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'its host name is not known on the network';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'its address cannot be reached from the server';
    case 'ECONNRESET':
      return 'it closed the connection';
    default:
      return error.message;
  }
}

/**
 * Writes bytes to host:port over TCP and resolves once they were handed to the network and the
 * connection was closed from our side; rejects with an error whose `code` says why (TIMEOUT when the
 * connection or the write took longer than `timeoutMs`).
 */
export function sendRaw(host: string, port: number, data: string | Buffer, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host, port });
    let settled = false;
    const fail = (error: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(error);
    };
    const timer = setTimeout(
      () => fail(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })),
      timeoutMs,
    );
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.end(data, () => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        resolve();
        // A printer keeps the connection open after a job; closing ours ends it.
        socket.destroySoon();
      });
    });
    socket.once('close', () => clearTimeout(timer));
  });
}

/**
 * Sends ZPL to a label printer of /printers (the function other areas print with). Refused with an
 * Error naming the printer when it is deleted, out of service, or cannot be reached.
 */
export async function sendToPrinter(
  db: Sql,
  printerId: number,
  zpl: string,
  timeoutMs = printerTimeoutMs(),
): Promise<PrinterRecord> {
  const p = await usablePrinter(db, printerId);
  try {
    await sendRaw(p.Host, p.Port, Buffer.from(zpl, 'utf8'), timeoutMs);
  } catch (error) {
    throw invalid(
      `Printer "${p.Name}" (${p.Host}:${p.Port}) cannot be reached: ${connectionProblem(error as NodeJS.ErrnoException, timeoutMs)}.`,
    );
  }
  return p;
}
