/**
 * The Spanish of the costing screens (src/areas/costing: the costing engines, the engine editor and engine
 * testing), spread into spanishTranslations (./translations-es.ts). A key lives in one map only: a text these
 * screens share with another area is in ./translations-es-screens.ts. A costing engine is a "motor de
 * costeo"; variable and input names (CutMinutes, Quantity …) stay as they are.
 */
export const spanishCostingTexts: Record<string, string> = {
  // The engine statuses, shown on every costing screen (src/areas/costing/shared.ts statusWords).
  Draft: 'Borrador',
  Retired: 'Retirado',

  // Costing engines.
  '{{n}} resources with an engine': '{{n}} recursos con motor',
  'Each machine (resource) has versioned rules that compute production and setup minutes from the operation and the part. The active version is the one the production plan uses.':
    'Cada máquina (recurso) tiene reglas con versiones que calculan los minutos de producción y de preparación a partir de la operación y la pieza. La versión activa es la que usa el plan de producción.',
  'e.g. LV-CUT01': 'p. ej. LV-CUT01',
  'Show retired versions': 'Mostrar versiones retiradas',
  'No engines match.': 'Ningún motor coincide.',
  Version: 'Versión',
  Steps: 'Pasos',
  'Created by': 'Creado por',
  Created: 'Creado',
  Published: 'Publicado',
  Test: 'Probar',

  // Engine editor.
  'Someone else deleted this draft. Your steps are still here; copy them before leaving.':
    'Alguien más eliminó este borrador. Sus pasos siguen aquí; cópielos antes de salir.',
  'This draft was published meanwhile: it can no longer change.':
    'Mientras tanto este borrador se publicó: ya no puede cambiar.',
  'Someone else changed these steps; they are shown now.':
    'Alguien más cambió estos pasos; ahora se muestran.',
  'Someone else saved this draft meanwhile; saving your changes replaces theirs.':
    'Mientras tanto alguien más guardó este borrador; guardar sus cambios reemplaza los de esa persona.',
  'You do not have permission to edit costing engines.': 'No tiene permiso para editar motores de costeo.',
  'Not saved: fix the marked steps': 'Sin guardar: corrija los pasos marcados',
  'Unsaved changes': 'Cambios sin guardar',
  'Not saved': 'Sin guardar',
  'All engines': 'Todos los motores',
  'Choose a resource': 'Elija un recurso',
  'New resource ID': 'ID del nuevo recurso',
  'Start an engine for another resource': 'Iniciar un motor para otro recurso',
  'Start engine': 'Iniciar motor',
  'Choose a resource to see its engine.': 'Elija un recurso para ver su motor.',
  Notes: 'Notas',
  'Created by {{who}} on {{when}}': 'Creado por {{who}} el {{when}}',
  'published {{when}}': 'publicado el {{when}}',
  'Makes this version the active engine; the active version is retired.':
    'Hace de esta versión el motor activo; la versión activa se retira.',
  Publish: 'Publicar',
  'Yes, delete the draft': 'Sí, eliminar el borrador',
  'Keep it': 'Conservarlo',
  'Delete draft…': 'Eliminar borrador…',
  'This version cannot be changed. Open the draft to change the engine.':
    'Esta versión no se puede cambiar. Abra el borrador para cambiar el motor.',
  'Open the draft': 'Abrir el borrador',
  'Create a draft from the active version': 'Crear un borrador a partir de la versión activa',
  'Test this version': 'Probar esta versión',
  'No steps yet.': 'Aún no hay pasos.',
  'Step {{n}}': 'Paso {{n}}',
  'Kind of step {{n}}': 'Tipo del paso {{n}}',
  'Set a value': 'Asignar un valor',
  'Stop with a message': 'Detener con un mensaje',
  'Move up': 'Subir',
  'Move down': 'Bajar',
  'Remove step {{n}}': 'Quitar el paso {{n}}',
  Variable: 'Variable',
  Formula: 'Fórmula',
  Message: 'Mensaje',
  'Only when (optional)': 'Solo cuando (opcional)',
  'Not an input nor set by an earlier step (the run would stop here): {{names}}':
    'No es una entrada ni la asigna un paso anterior (la ejecución se detendría aquí): {{names}}',
  'Add a step': 'Agregar un paso',
  'Add a stop': 'Agregar una detención',
  'Writing formulas': 'Cómo escribir fórmulas',
  'Steps run in order; a step may use the variables of the steps before it. The engine must set {{p}}; {{s}} is optional. Results are rounded to 4 decimals.':
    'Los pasos se ejecutan en orden; un paso puede usar las variables de los pasos anteriores. El motor debe asignar {{p}}; {{s}} es opcional. Los resultados se redondean a 4 decimales.',
  Functions: 'Funciones',
  'and + - * / % ^, comparisons, && || !, a ? b : c': 'y + - * / % ^, comparaciones, && || !, a ? b : c',

  // Engine testing.
  'Choose an engine': 'Elija un motor',
  'Open in the editor': 'Abrir en el editor',
  'Sample values': 'Valores de ejemplo',
  'Leave a box empty when the operation does not have that value.':
    'Deje un campo vacío cuando la operación no tenga ese valor.',
  'Run the engine to see its minutes and its log.': 'Ejecute el motor para ver sus minutos y su bitácora.',
  'Production minutes': 'Minutos de producción',
  'Step by step': 'Paso a paso',
  Step: 'Paso',
  'With values': 'Con valores',
  Stop: 'Detención',
  skipped: 'omitido',
  'Log as text': 'Bitácora como texto',
};
