import { formatDateTime } from '../../../../domain/platform/dates';
import { Plc } from '../../../../domain/platform/plcs';
import { DocumentScreen } from '../../../kit/DocumentScreen';

/** /plcs: each plant's PLC connections, with a connection test from the record. */
export function PlcsPage() {
  return (
    <DocumentScreen
      decl={Plc}
      title="PLCs"
      cells={{
        LastSeen: (row) =>
          typeof row.LastSeen === 'string' ? formatDateTime(row.LastSeen, Number(row.PlantID)) : '',
      }}
    />
  );
}
