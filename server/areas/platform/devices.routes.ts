import { Device } from '../../../domain/platform/devices';
import { registerDocument } from '../../kit/document.routes';
import type { CallRegistry } from '../../rpc/registry';

/** /devices on the document kit: the declaration, its table, and nothing of its own yet. */
export function registerDeviceCalls(registry: CallRegistry): void {
  registerDocument(registry, Device, {
    table: 'devices',
    key: 'device_id',
    deletedAt: 'deleted_at',
    columns: {
      Name: 'name',
      Kind: 'kind',
      PlantID: 'plant_id',
      Location: 'location',
      SerialNumber: 'serial_number',
      IPAddress: 'ip_address',
      InService: 'in_service',
      InstalledOn: { column: 'installed_on', as: 'date' },
      Notes: 'notes',
    },
  });
}
