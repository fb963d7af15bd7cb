import { useCallback, useEffect, useId, useState } from 'react';
import {
  DeleteSavedView,
  GetSavedViews,
  kitTopic,
  SAVED_VIEWS_COLLECTION,
  type SavedView,
  SaveSavedView,
  type ViewState,
} from '../../domain/kit/views';
import { useServices, useUser } from '../app/context';
import { useTopic } from '../app/use-topic';
import { useT } from '../i18n';

/**
 * The saved views of one document type's list (domain/kit/views.ts): choose one, save what the list
 * shows as a new view or over the chosen one, rename, delete, make it the default. The list of views
 * follows the user's own topic, so a view saved in another tab appears here at once.
 */
export function SavedViews(props: {
  type: string;
  current: ViewState;
  /** Whether the list shows exactly what a view says. */
  matches(state: ViewState): boolean;
  onOpen(view: SavedView): void;
  /** Called once with the default view when the list opened with nothing in its address. */
  onDefault?(view: SavedView): void;
}) {
  const { api, backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const id = useId();
  const [views, setViews] = useState<SavedView[] | null>(null);
  const [naming, setNaming] = useState<{ mode: 'new' | 'rename'; name: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);

  const load = useCallback(
    () =>
      backgroundApi.get(GetSavedViews, { Type: props.type }).then(
        (r) => setViews(r.Rows),
        () => setViews([]),
      ),
    [backgroundApi, props.type],
  );
  useEffect(() => {
    load();
  }, [load]);
  const { onDefault } = props;
  const [defaulted, setDefaulted] = useState(false);
  useEffect(() => {
    if (!views || defaulted) return;
    setDefaulted(true);
    const def = views.find((v) => v.IsDefault);
    if (def && onDefault) {
      setChosen(def.ViewID);
      onDefault(def);
    }
  }, [views, defaulted, onDefault]);
  useTopic(
    user ? kitTopic(user.EmployeeID) : null,
    (items) => {
      if (items.some((i) => i.collection === SAVED_VIEWS_COLLECTION)) load();
    },
    load,
  );

  const active =
    views?.find((v) => v.ViewID === chosen) ?? views?.find((v) => props.matches(v.State)) ?? null;
  const save = async (body: { ViewID?: number; Name: string; IsDefault?: boolean; State?: ViewState }) => {
    setRefusal(null);
    try {
      const { View } = await api.post(
        SaveSavedView,
        { Type: props.type, State: body.State ?? props.current, ...body },
        { inline: true },
      );
      setChosen(View.ViewID);
      setNaming(null);
      await load();
    } catch (e) {
      setRefusal(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <span className="kit-views">
      <label htmlFor={`${id}-view`}>{t('View')}</label>
      <span className="kit-views-row">
        <select
          id={`${id}-view`}
          value={active ? String(active.ViewID) : ''}
          onChange={(e) => {
            const view = views?.find((v) => String(v.ViewID) === e.target.value);
            setChosen(view?.ViewID ?? null);
            if (view) props.onOpen(view);
          }}
        >
          <option value="">{active ? t('(changed)') : t('(unsaved)')}</option>
          {(views ?? []).map((v) => (
            <option key={v.ViewID} value={v.ViewID}>
              {v.IsDefault ? `${v.Name} ★` : v.Name}
            </option>
          ))}
        </select>
        <details className="kit-menu">
          <summary>{t('Views')}</summary>
          <div className="kit-menu-body">
            <button type="button" onClick={() => setNaming({ mode: 'new', name: '' })}>
              {t('Save as new view…')}
            </button>
            {active && (
              <>
                <button
                  type="button"
                  onClick={() => save({ ViewID: active.ViewID, Name: active.Name })}
                  disabled={props.matches(active.State)}
                >
                  {t('Save changes to “{{name}}”', { name: active.Name })}
                </button>
                <button type="button" onClick={() => setNaming({ mode: 'rename', name: active.Name })}>
                  {t('Rename…')}
                </button>
                <button
                  type="button"
                  onClick={() =>
                    save({
                      ViewID: active.ViewID,
                      Name: active.Name,
                      State: active.State,
                      IsDefault: !active.IsDefault,
                    })
                  }
                >
                  {active.IsDefault ? t('Stop opening it first') : t('Open it first')}
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={async () => {
                    await api.post(DeleteSavedView, { ViewID: active.ViewID }).catch(() => undefined);
                    setChosen(null);
                    await load();
                  }}
                >
                  {t('Delete view')}
                </button>
              </>
            )}
          </div>
        </details>
      </span>
      {naming && (
        <form
          className="kit-view-name"
          onSubmit={(e) => {
            e.preventDefault();
            if (naming.mode === 'new') save({ Name: naming.name });
            else if (active) save({ ViewID: active.ViewID, Name: naming.name, State: active.State });
          }}
        >
          <label htmlFor={`${id}-name`}>{t('View name')}</label>
          <input
            id={`${id}-name`}
            value={naming.name}
            maxLength={80}
            // biome-ignore lint/a11y/noAutofocus: the name box was just asked for.
            autoFocus
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${id}-refusal` : undefined}
            onChange={(e) => setNaming({ ...naming, name: e.target.value })}
          />
          <button type="submit" className="primary">
            {t('Save')}
          </button>
          <button type="button" onClick={() => setNaming(null)}>
            {t('Cancel')}
          </button>
          {refusal && (
            <span id={`${id}-refusal`} className="kit-error" role="alert">
              {refusal}
            </span>
          )}
        </form>
      )}
    </span>
  );
}
