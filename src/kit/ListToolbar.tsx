import { useId } from 'react';
import type { CallDef } from '../../domain/contract/call';
import { type DocumentDecl, groupableFields } from '../../domain/kit/document';
import type { SavedView } from '../../domain/kit/views';
import { useServices } from '../app/context';
import { useT } from '../i18n';
import { ColumnChooser } from './ColumnChooser';
import { ExportButton } from './ExportButton';
import {
  type KitQuery,
  type KitRow,
  queryOfView,
  sameView,
  tsv,
  viewStateOf,
  visibleColumns,
} from './list-state';
import { SavedViews } from './SavedViews';

/** Spec 000 §8's copy-to-clipboard message, word for word. */
export const COPIED_MESSAGE =
  'Data copied to clipboard. Please open Excel and push ctrl + v to paste. Note that the formatting may not copy perfectly :(';

/** The list's second toolbar: saved views, columns, grouping, copy and export. */
export function ListToolbar(props: {
  decl: DocumentDecl;
  query: KitQuery;
  exportCall: CallDef;
  exportValues: Record<string, string | undefined>;
  /** The rows Copy takes: those picked, else those on screen. */
  copyRows(): KitRow[];
  picked: number;
  cellText(row: KitRow, name: string): string;
  onQuery(next: Partial<KitQuery>): void;
  onDefaultView?(view: SavedView): void;
}) {
  const { decl, query } = props;
  const { toasts, alerts } = useServices();
  const t = useT();
  const id = useId();
  const copy = async () => {
    const columns = visibleColumns(decl, query);
    const text = tsv(
      columns.map((c) => t(decl.fields[c]!.label)),
      props.copyRows().map((row) => columns.map((c) => props.cellText(row, c))),
    );
    try {
      await navigator.clipboard.writeText(text);
      toasts.show(t(COPIED_MESSAGE), { kind: 'success' });
    } catch (e) {
      alerts.show('error', e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div className="toolbar kit-toolbar kit-actions">
      <SavedViews
        type={decl.type}
        current={viewStateOf(decl, query)}
        matches={(state) => sameView(decl, query, state)}
        onOpen={(view) => props.onQuery(queryOfView(decl, view.State, query.plantId))}
        onDefault={props.onDefaultView}
      />
      <ColumnChooser decl={decl} query={query} onChange={(columns) => props.onQuery({ columns })} />
      <span>
        <label htmlFor={`${id}-group`}>{t('Group by')}</label>
        <select
          id={`${id}-group`}
          value={query.groupBy ?? ''}
          onChange={(e) => props.onQuery({ groupBy: e.target.value || null })}
        >
          <option value="">{t('No grouping')}</option>
          {groupableFields(decl).map((name) => (
            <option key={name} value={name}>
              {t(decl.fields[name]!.label)}
            </option>
          ))}
        </select>
      </span>
      <button type="button" onClick={copy} hidden={Boolean(query.groupBy)}>
        {props.picked ? t('Copy {{n}} rows', { n: String(props.picked) }) : t('Copy rows')}
      </button>
      <ExportButton call={props.exportCall} values={props.exportValues} />
    </div>
  );
}
