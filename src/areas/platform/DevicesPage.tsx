import { Device } from '../../../domain/platform/devices';
import { DocumentScreen } from '../../kit/DocumentScreen';

/** /devices: every plant's tablets, TVs, scanners, kiosks and printers, on the document kit. */
export function DevicesPage() {
  return <DocumentScreen decl={Device} title="Devices" />;
}
