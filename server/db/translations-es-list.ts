/**
 * The Spanish of the kit list's toolbar (issue 16 item 5, src/kit: saved views, columns, grouping,
 * copy, export). Checked by translations-es-areas.test.ts like every text of src/kit.
 */
export const spanishListTexts: Record<string, string> = {
  View: 'Vista',
  Views: 'Vistas',
  '(changed)': '(cambiada)',
  '(unsaved)': '(sin guardar)',
  'Save as new view…': 'Guardar como vista nueva…',
  'Save changes to “{{name}}”': 'Guardar cambios en «{{name}}»',
  'Rename…': 'Renombrar…',
  'Open it first': 'Abrirla primero',
  'Stop opening it first': 'Dejar de abrirla primero',
  'Delete view': 'Eliminar vista',
  'View name': 'Nombre de la vista',
  Columns: 'Columnas',
  'Move {{column}} left': 'Mover {{column}} a la izquierda',
  'Move {{column}} right': 'Mover {{column}} a la derecha',
  'Group by': 'Agrupar por',
  'No grouping': 'Sin agrupar',
  '(empty)': '(vacío)',
  'Show more ({{shown}} of {{count}})': 'Mostrar más ({{shown}} de {{count}})',
  'Copy rows': 'Copiar filas',
  'Copy {{n}} rows': 'Copiar {{n}} filas',
  'Data copied to clipboard. Please open Excel and push ctrl + v to paste. Note that the formatting may not copy perfectly :(':
    'Datos copiados al portapapeles. Abra Excel y pulse ctrl + v para pegar. Puede que el formato no se copie perfectamente :(',
  'Export to Excel': 'Exportar a Excel',
  'Exporting…': 'Exportando…',
  '{{rows}} of {{total}} rows written': '{{rows}} de {{total}} filas escritas',
};
