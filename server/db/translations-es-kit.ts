/**
 * The Spanish of the document kit's own texts (src/kit: list, filters, record, history) and of the
 * kit declarations' nouns, field labels and choices (domain/kit/documents.ts), which screens pass to
 * `t()` as variables. Checked by translations-es-areas.test.ts (src/kit) and translations-es-kit.test.ts
 * (every declaration).
 */
export const spanishKitTexts: Record<string, string> = {
  '{{n}} {{things}}': '{{n}} {{things}}',
  New: 'Nuevo',
  'Nothing matches.': 'Nada coincide.',
  Any: 'Cualquiera',
  '{{field}} from': '{{field}} desde',
  '{{field}} to': '{{field}} hasta',
  '{{field}} is not valid': '{{field}} no es válido',
  'Just changed by someone else': 'Otra persona acaba de cambiarlo',
  'Fill in: {{fields}}': 'Complete: {{fields}}',
  'Some values are not valid: see the fields.': 'Algunos valores no son válidos: vea los campos.',
  '{{name}} was added.': 'Se agregó {{name}}.',
  'New record': 'Nuevo registro',
  'New {{thing}}': 'Nuevo {{thing}}',
  'Delete {{name}}? It stays in the history and can be shown again.':
    '¿Eliminar {{name}}? Queda en el historial y puede mostrarse de nuevo.',
  '{{name}} was deleted.': 'Se eliminó {{name}}.',
  Deleted: 'Eliminado',
  History: 'Historial',
  'No changes yet.': 'Aún no hay cambios.',
  System: 'Sistema',
  'created it': 'lo creó',
  'deleted it': 'lo eliminó',
  'changed {{field}} from {{old}} to {{new}}': 'cambió {{field}} de {{old}} a {{new}}',
  'Record details': 'Detalle del registro',
  Rows: 'Filas',
  // Devices (domain/platform/devices.ts).
  device: 'dispositivo',
  devices: 'dispositivos',
  tablet: 'tableta',
  tv: 'TV',
  scanner: 'escáner',
  kiosk: 'quiosco',
  printer: 'impresora',
  other: 'otro',
  'Serial number': 'Número de serie',
  'IP address': 'Dirección IP',
  'In service': 'En servicio',
  'Installed on': 'Instalado el',
};
