import { KpiThreshold } from '../boards/thresholds';
import { LoginMessage, NewsItem, TvAlert } from '../platform/config';
import { Device } from '../platform/devices';
import { Employee, Office, ReportingLine } from '../platform/employee-documents';
import { InventoryAlert } from '../platform/inventory-alerts';
import { Plc } from '../platform/plcs';
import { LabelPrinter } from '../platform/printers';
import type { DocumentDecl } from './document';

/** Every kit document type: the live topics' rules and the screens are made from this list. */
export const documentTypes: readonly DocumentDecl[] = [
  Device,
  Employee,
  ReportingLine,
  Office,
  LoginMessage,
  TvAlert,
  NewsItem,
  InventoryAlert,
  LabelPrinter,
  Plc,
  KpiThreshold,
];
