import { LabelPrinter } from '../../../../domain/platform/printers';
import { DocumentScreen } from '../../../kit/DocumentScreen';

/** /printers: each plant's label printers, with a test label sent from the record. */
export function PrintersPage() {
  return <DocumentScreen decl={LabelPrinter} title="Printers" />;
}
