import { FILE_ICON_STYLE, fileIconKind } from './file-icons';
import './widgets.css';

export interface FileIconProps {
  /** A file name ('Plan.pdf') or an extension ('pdf'). */
  fileName: string;
  /** Height in px (the icon is a little narrower than tall, like a page). Default 24. */
  size?: number;
  className?: string;
}

/** A small page badge for a file's type (spec 000 §2.4), named for screen readers. */
export function FileIcon({ fileName, size = 24, className }: FileIconProps) {
  const kind = fileIconKind(fileName);
  const look = FILE_ICON_STYLE[kind];
  return (
    <span
      className={`sw-file-icon sw-file-icon-${kind}${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={look.name}
      title={fileName}
      data-kind={kind}
      style={{
        width: Math.round(size * 0.8),
        height: size,
        background: look.color,
        fontSize: Math.max(6, Math.round(size * (look.label.length > 3 ? 0.22 : 0.28))),
      }}
    >
      {look.label}
    </span>
  );
}
