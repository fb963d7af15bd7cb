/**
 * The Spanish of the kit's record side (src/kit: Timeline, Attachments, Presence, NotificationBell):
 * comments with mentions, attached files, who else has the record open, the notifications bell.
 */
export const spanishRecordTexts: Record<string, string> = {
  'History and comments': 'Historial y comentarios',
  'deleted a comment': 'eliminó un comentario',
  commented: 'comentó',
  'Delete comment': 'Eliminar comentario',
  'Delete your comment?': '¿Eliminar su comentario?',
  'Show more ({{n}} older)': 'Mostrar más ({{n}} anteriores)',
  'Comment (type @ to mention someone)': 'Comentario (escriba @ para mencionar a alguien)',
  People: 'Personas',
  Comment: 'Comentar',
  Files: 'Archivos',
  'Uploading…': 'Subiendo…',
  'Attach files': 'Adjuntar archivos',
  'No files attached.': 'No hay archivos adjuntos.',
  Preview: 'Vista previa',
  Download: 'Descargar',
  'Close preview': 'Cerrar vista previa',
  'Remove {{name}} from this record?': '¿Quitar {{name}} de este registro?',
  '{{names}}: a file attached to a record may be at most {{mb}} MB. Nothing was attached.':
    '{{names}}: un archivo adjunto a un registro puede tener como máximo {{mb}} MB. No se adjuntó nada.',
  'Also viewing: {{names}}': 'También lo están viendo: {{names}}',
  'Notifications ({{n}} unread)': 'Notificaciones ({{n}} sin leer)',
  Notifications: 'Notificaciones',
  'Mark all read': 'Marcar todo como leído',
  'Nothing yet.': 'Nada todavía.',
};
