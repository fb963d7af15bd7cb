import { KpiThreshold } from '../boards/thresholds';
import { Device } from '../platform/devices';
import { Plc } from '../platform/plcs';
import { LabelPrinter } from '../platform/printers';
import type { DocumentDecl } from './document';

/** Every kit document type: the live topics' rules and the screens are made from this list. */
export const documentTypes: readonly DocumentDecl[] = [Device, LabelPrinter, Plc, KpiThreshold];
