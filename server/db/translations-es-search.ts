/**
 * Global search, /databasecatalog and /caching (issue 16): the header's search box, /globalsearch,
 * the search kinds' group headings (domain/platform/search.ts) and the two administration screens.
 */
export const spanishSearchTexts: Record<string, string> = {
  'Search everything': 'Buscar en todo',
  'Search…': 'Buscar…',
  'Search everything (press /)': 'Buscar en todo (pulse /)',
  'Searching…': 'Buscando…',
  'No records found for "{{query}}".': 'No se encontraron registros para "{{query}}".',
  'All results for "{{query}}"': 'Todos los resultados de "{{query}}"',
  'A name, a number, a customer…': 'Un nombre, un número, un cliente…',
  'Every kind': 'Todos los tipos',
  'Kinds of records': 'Tipos de registro',
  'Type to find employees, jobs and plans, orders and devices: whatever you may open.':
    'Escriba para encontrar empleados, trabajos y planes, órdenes y dispositivos: todo lo que puede abrir.',
  '{{n}} found in {{kind}}.': '{{n}} encontrados en {{kind}}.',
  'Kinds of records found: {{n}}.': 'Tipos de registro encontrados: {{n}}.',
  'Jobs and plans': 'Trabajos y planes',
  // /databasecatalog.
  'not counted': 'sin contar',
  'about {{n}}': 'unas {{n}}',
  'Find a table or column': 'Buscar una tabla o columna',
  '{{n}} tables, {{size}} in all ({{database}})': '{{n}} tablas, {{size}} en total ({{database}})',
  Table: 'Tabla',
  Data: 'Datos',
  Indexes: 'Índices',
  'No table or column matches "{{query}}".': 'Ninguna tabla ni columna coincide con "{{query}}".',
  'Table {{name}}': 'Tabla {{name}}',
  'Count exactly': 'Contar exactamente',
  Column: 'Columna',
  Nullable: 'Admite nulos',
  Default: 'Valor por defecto',
  'primary key': 'clave primaria',
  unique: 'único',
};
