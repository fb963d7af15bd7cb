/** The Spanish of /rateimport (src/areas/production-plan/rate-import), its column headers included. */
export const spanishRateImportTexts: Record<string, string> = {
  "Download this plant's machine rates as a workbook, and change them in Excel.":
    'Descargue las tarifas de las máquinas de esta planta como libro y cámbielas en Excel.',
  'Download the rates': 'Descargar las tarifas',
  'A row with a Rate ID changes that rate; a row without one adds a rate to its machine. Empty cells keep the current value.':
    'Una fila con ID de tarifa cambia esa tarifa; una fila sin él agrega una tarifa a su máquina. Las celdas vacías conservan el valor actual.',
  'Upload the workbook (.xlsx) to see what it would do': 'Suba el libro (.xlsx) para ver lo que haría',
  'Preview of {{file}}': 'Vista previa de {{file}}',
  'Rates imported: {{added}} added, {{changed}} changed.':
    'Tarifas importadas: {{added}} agregadas, {{changed}} cambiadas.',
  "This plant's rates were changed by someone else; the preview now compares with them.":
    'Otra persona cambió las tarifas de esta planta; la vista previa ahora compara con ellas.',
  '{{n}} to add': '{{n}} por agregar',
  '{{n}} to change': '{{n}} por cambiar',
  '{{n}} unchanged': '{{n}} sin cambios',
  '{{n}} with errors': '{{n}} con errores',
  'Nothing is written while a row has an error: correct the workbook and upload it again.':
    'No se escribe nada mientras una fila tenga un error: corrija el libro y súbalo de nuevo.',
  'The workbook has no rows under its header.': 'El libro no tiene filas bajo su encabezado.',
  'Only rows that add, change or have errors': 'Solo filas que agregan, cambian o tienen errores',
  Row: 'Fila',
  Details: 'Detalles',
  Change: 'Cambiar',
  new: 'nueva',
  Imported: 'Importado',
  'To change more, download the rates again: the new rates now have their Rate IDs.':
    'Para cambiar más, descargue las tarifas de nuevo: las tarifas nuevas ya tienen su ID de tarifa.',
  // The workbook's other column headers, shown beside each change and error (the rest are shared words).
  'Rate ID': 'ID de tarifa',
};
