import type { DocumentDecl } from '../../domain/kit/document';
import { useT } from '../i18n';
import { chooserColumns, type KitQuery, moveColumn, toggleColumn } from './list-state';

/** Show, hide and order the list's columns: every declared field is offered. */
export function ColumnChooser(props: {
  decl: DocumentDecl;
  query: KitQuery;
  onChange(columns: string[]): void;
}) {
  const t = useT();
  const { decl, query } = props;
  return (
    <details className="kit-menu">
      <summary>{t('Columns')}</summary>
      <ul className="kit-menu-body kit-columns">
        {chooserColumns(decl, query).map(({ name, shown }) => {
          const label = t(decl.fields[name]!.label);
          return (
            <li key={name}>
              <label>
                <input
                  type="checkbox"
                  checked={shown}
                  onChange={() => props.onChange(toggleColumn(decl, query, name))}
                />
                {label}
              </label>
              {shown && (
                <>
                  <button
                    type="button"
                    aria-label={t('Move {{column}} left', { column: label })}
                    onClick={() => props.onChange(moveColumn(decl, query, name, -1))}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={t('Move {{column}} right', { column: label })}
                    onClick={() => props.onChange(moveColumn(decl, query, name, 1))}
                  >
                    ↓
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
