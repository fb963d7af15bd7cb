/**
 * The Spanish of the rate algorithm screens (src/areas/algorithms: groups, the algorithm list and editor,
 * rate tables, PB properties, testing, analysis and an operation's algorithm), spread into
 * spanishTranslations (./translations-es.ts). A key lives in one map only: a text these screens share with
 * another area is in ./translations-es-screens.ts. A rate is a "tasa" (as on the plan screen), an override a
 * "reemplazo"; input, function and property names (RollFormerFPM, Gauge, ProfileDepth …) stay as they are.
 */
export const spanishAlgorithmTexts: Record<string, string> = {
  // Shared pieces (shared.tsx): the tabs, the load state, the question form and an algorithm's run.
  'Rate algorithms': 'Algoritmos de tasa',
  'Algorithm groups': 'Grupos de algoritmos',
  Testing: 'Pruebas',
  Analysis: 'Análisis',
  'Rate tables': 'Tablas de tasas',
  'PB properties': 'Propiedades PB',
  'The algorithm asks:': 'El algoritmo pregunta:',
  'Rate calculated': 'Tasa calculada',
  'A question must be answered first': 'Primero hay que responder una pregunta',
  'No rate: see the log for why': 'Sin tasa: vea la bitácora para saber por qué',
  'Feet per minute': 'Pies por minuto',
  'Minutes per bundle': 'Minutos por paquete',
  'Scheduling minutes per piece': 'Minutos por pieza para programación',

  // Algorithm groups.
  'Saved the group {{name}}.': 'Se guardó el grupo {{name}}.',
  'No algorithm groups yet.': 'Aún no hay grupos de algoritmos.',
  Algorithms: 'Algoritmos',
  '{{active}} active of {{n}}': '{{active}} activos de {{n}}',
  'Change the group {{name}}': 'Cambiar el grupo {{name}}',
  'Add a group': 'Agregar un grupo',
  'Machines (resource IDs, separated by commas)': 'Máquinas (IDs de recurso, separados por comas)',
  "Each group rates the operations of its machines: the group's first active algorithm, by priority, that applies to the part gives the rate.":
    'Cada grupo calcula la tasa de las operaciones de sus máquinas: el primer algoritmo activo del grupo, por prioridad, que aplica a la pieza da la tasa.',

  // A group's algorithms.
  'Algorithms of {{name}}': 'Algoritmos de {{name}}',
  'Machines: {{list}}': 'Máquinas: {{list}}',
  'Tried from the lowest priority number; the first active one that applies gives the rate.':
    'Se prueban desde el número de prioridad más bajo; el primero activo que aplica da la tasa.',
  'Add an algorithm': 'Agregar un algoritmo',
  'All groups': 'Todos los grupos',
  'This group has no algorithms yet.': 'Este grupo aún no tiene algoritmos.',
  Priority: 'Prioridad',
  'Applies when': 'Aplica cuando',
  Gives: 'Da',
  'asks {{n}}': 'pregunta {{n}}',
  '{{name}} is active': '{{name}} está activo',
  'Yes, delete': 'Sí, eliminar',

  // Algorithm editor.
  'Not saved: {{reason}}': 'Sin guardar: {{reason}}',
  'Algorithm: {{name}}': 'Algoritmo: {{name}}',
  'Back to the group': 'Volver al grupo',
  'Test this algorithm': 'Probar este algoritmo',
  'Changes saved at {{time}}': 'Cambios guardados a las {{time}}',
  'Someone else deleted this algorithm; changes here can no longer be saved.':
    'Alguien más eliminó este algoritmo; los cambios aquí ya no se pueden guardar.',
  '{{n}} change(s) not saved last time were restored from this browser; fix them to save.':
    'Se restauraron desde este navegador {{n}} cambio(s) que no se guardaron la última vez; corríjalos para guardar.',
  'Priority (lower runs first)': 'Prioridad (el menor se ejecuta primero)',
  'When it applies': 'Cuándo aplica',
  'Empty: always, e.g. PartClass == "Beam" && Gauge <= 14':
    'Vacío: siempre, p. ej. PartClass == "Beam" && Gauge <= 14',
  Formulas: 'Fórmulas',
  'A formula may use the inputs below, the answers to its questions, its rate lookups and the other results. Empty gives 0.':
    'Una fórmula puede usar las entradas de abajo, las respuestas a sus preguntas, sus búsquedas de tasa y los demás resultados. Vacía da 0.',
  'Empty: 0': 'Vacío: 0',
  'Inputs and functions a formula can use': 'Entradas y funciones que puede usar una fórmula',
  'Functions: {{list}}. Also the PB properties of the part, by their names.':
    'Funciones: {{list}}. También las propiedades PB de la pieza, por su nombre.',
  Questions: 'Preguntas',
  'An input only a person can give. When a formula needs it, the planner is asked and the answer re-runs the algorithm.':
    'Una entrada que solo una persona puede dar. Cuando una fórmula la necesita, se le pregunta al planeador y la respuesta vuelve a ejecutar el algoritmo.',
  Key: 'Clave',
  Question: 'Pregunta',
  'Answer kind': 'Tipo de respuesta',
  'A number': 'Un número',
  'A choice': 'Una opción',
  'Yes or no': 'Sí o no',
  'Choices (commas)': 'Opciones (separadas por comas)',
  Remove: 'Quitar',
  'Add a question': 'Agregar una pregunta',
  'Rate lookups': 'Búsquedas de tasa',
  'Reads a rate table by a key formula; the rate becomes an input under the name given.':
    'Lee una tabla de tasas con una fórmula de clave; la tasa se vuelve una entrada con el nombre dado.',
  'Input name': 'Nombre de la entrada',
  'Rate table': 'Tabla de tasas',
  'Key (a formula)': 'Clave (una fórmula)',
  'Add a rate lookup': 'Agregar una búsqueda de tasa',

  // Rate tables.
  'The rate must be a number.': 'La tasa debe ser un número.',
  'Algorithm rate tables': 'Tablas de tasas de algoritmos',
  'An algorithm reads a rate by a key formula (a rate lookup), e.g. RollFormerFPM by Gauge.':
    'Un algoritmo lee una tasa con una fórmula de clave (una búsqueda de tasa), p. ej. RollFormerFPM por Gauge.',
  'Set a rate': 'Establecer una tasa',
  'No rate tables yet.': 'Aún no hay tablas de tasas.',
  '{{n}} rates': '{{n}} tasas',

  // PB properties.
  '{{part}}: {{property}} is {{value}}.': '{{part}}: {{property}} es {{value}}.',
  'Part-based properties: values of a part the part record does not hold. A formula reads each under its name, e.g. ProfileDepth.':
    'Propiedades por pieza: valores de una pieza que su registro no guarda. Una fórmula lee cada una por su nombre, p. ej. ProfileDepth.',
  'Set a property': 'Establecer una propiedad',
  'Part number': 'Número de pieza',
  Property: 'Propiedad',
  Value: 'Valor',
  Filter: 'Filtrar',
  'Part or property': 'Pieza o propiedad',
  'No properties.': 'Sin propiedades.',

  // Algorithm testing.
  'Algorithm testing': 'Pruebas de algoritmos',
  'Run an algorithm, or a whole group as planning would, on inputs you type. Nothing is saved.':
    'Ejecute un algoritmo, o un grupo completo como lo haría la planificación, con las entradas que escriba. No se guarda nada.',
  'The whole group, by priority': 'El grupo completo, por prioridad',
  '{{name}} (inactive)': '{{name}} (inactivo)',
  'Start from part': 'Partir de una pieza',
  'Answers given: {{list}}': 'Respuestas dadas: {{list}}',
  'Forget the answers': 'Olvidar las respuestas',
  'Run the algorithm to see its result and rate log.':
    'Ejecute el algoritmo para ver su resultado y la bitácora de la tasa.',

  // Algorithm analysis.
  'Algorithm analysis': 'Análisis de algoritmos',
  Group: 'Grupo',
  Analyse: 'Analizar',
  'The plans’ operations': 'Las operaciones de los planes',
  'The demo parts (a sample)': 'Las piezas de demostración (una muestra)',
  'Every production-plan operation (not invalidated) on the machines of {{group}}: {{resources}}. Choose a count to list only those operations.':
    'Cada operación de los planes de producción (no invalidada) en las máquinas de {{group}}: {{resources}}. Elija un conteo para listar solo esas operaciones.',
  'Algorithm rate': 'Tasa del algoritmo',
  Overridden: 'Reemplazada',
  'Question posed': 'Pregunta pendiente',
  'No rate': 'Sin tasa',
  'Never run': 'Nunca ejecutado',
  'Overridden by:': 'Reemplazado por:',
  '{{name}} ({{count}})': '{{name}} ({{count}})',
  'By machine': 'Por máquina',
  'Operations: {{outcome}}': 'Operaciones: {{outcome}}',
  Outcome: 'Resultado',
  'Min/piece in force': 'Min/pza vigente',
  'Algorithm min/piece': 'Min/pza del algoritmo',
  'Overridden by, question or why': 'Reemplazado por, pregunta o motivo',
  'No operation.': 'Ninguna operación.',
  'This is a sample, not the plant’s operations: each demo part as one operation of 100 pieces in bundles of 25 on the group’s first machine ({{resource}}), with no answers given. Overrides are not counted here.':
    'Esto es una muestra, no las operaciones de la planta: cada pieza de demostración como una operación de 100 piezas en paquetes de 25 en la primera máquina del grupo ({{resource}}), sin respuestas dadas. Aquí no se cuentan los reemplazos.',
  Rated: 'Con tasa',
  'Asks a question': 'Hace una pregunta',
  'Class, gauge': 'Clase, calibre',
  'Ft/min': 'Pies/min',
  'Min/piece': 'Min/pza',
  'Min/bundle': 'Min/paquete',
  '{{class}}, {{gauge}} ga': '{{class}}, cal. {{gauge}}',

  // An operation's algorithm.
  'Operation {{id}}: rate algorithm': 'Operación {{id}}: algoritmo de tasa',
  'This address names no operation.': 'Esta dirección no indica ninguna operación.',
  'Loading the plan of job {{job}}…': 'Cargando el plan de la orden {{job}}…',
  'Running the algorithm…': 'Ejecutando el algoritmo…',
  'Saving the answer…': 'Guardando la respuesta…',
  'Only a production planner (edit production plans) can answer.':
    'Solo un planeador de producción (editar planes de producción) puede responder.',
  Show: 'Mostrar',
  'Operation {{id}} is not an operation of the plan of job {{job}}.':
    'La operación {{id}} no es una operación del plan de la orden {{job}}.',
  Operation: 'Operación',
  'Part (BOM line {{seq}})': 'Pieza (línea BOM {{seq}})',
  'Part (the job’s)': 'Pieza (la de la orden)',
  'Minutes per piece in force': 'Minutos por pieza vigentes',
  'The operation does not use an algorithm rate yet: the algorithm asks a question (below).':
    'La operación aún no usa una tasa de algoritmo: el algoritmo hace una pregunta (abajo).',
  'The operation does not use an algorithm rate: the algorithm has not run on it yet (it runs when the machine changes or a question is answered).':
    'La operación no usa una tasa de algoritmo: el algoritmo aún no se ha ejecutado sobre ella (se ejecuta cuando cambia la máquina o se responde una pregunta).',
  "The algorithm's run, with the answers given": 'La ejecución del algoritmo, con las respuestas dadas',
  "To show the operation's job, machine, part and whether its rate is the algorithm's, this page needs the job number (the plan screen and the analysis add it to the address).":
    'Para mostrar la orden, la máquina y la pieza de la operación, y si su tasa es la del algoritmo, esta página necesita el número de orden (la pantalla del plan y el análisis lo agregan a la dirección).',
  "The algorithm's rate is overridden by {{name}}: the operation uses another rate.":
    'La tasa del algoritmo fue reemplazada por {{name}}: la operación usa otra tasa.',
  "The operation uses the algorithm's rate.": 'La operación usa la tasa del algoritmo.',
  "The operation uses its costing engine's rate, not an algorithm's.":
    'La operación usa la tasa de su motor de costeo, no la de un algoritmo.',
  "The operation does not use an algorithm rate: the algorithm's last run gave none (see below).":
    'La operación no usa una tasa de algoritmo: la última ejecución del algoritmo no dio ninguna (vea abajo).',
};
