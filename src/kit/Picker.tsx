import { useEffect, useId, useRef, useState } from 'react';
import { Pick, type PickKind, type PickOption } from '../../domain/kit/pick';
import { useServices } from '../app/context';
import { useT } from '../i18n';
import { Avatar } from '../ui/Avatar';
import { movePick, PICK_DEBOUNCE_MS, PickLabels, splitName } from './pick-state';

// One label cache per request layer, shared by every picker and list cell of the page.
const caches = new WeakMap<object, PickLabels>();
function useLabels(): PickLabels {
  const { backgroundApi } = useServices();
  let labels = caches.get(backgroundApi);
  if (!labels) {
    labels = new PickLabels(async (kind, id) => {
      const found = await backgroundApi.get(Pick, { Kind: kind, ID: id });
      return found[0] ?? null;
    });
    caches.set(backgroundApi, labels);
  }
  return labels;
}

/** The chosen value's label once it is known (the id until then, or when the user may not see it). */
export function usePickLabel(kind: PickKind, id: unknown): PickOption | null {
  const labels = useLabels();
  const [option, setOption] = useState<PickOption | null>(null);
  useEffect(() => {
    setOption(null);
    if (id === null || id === undefined || id === '') return;
    let live = true;
    labels.get(kind, id as string | number).then(
      (o) => live && setOption(o),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [labels, kind, id]);
  return option;
}

/** A picked value as a list cell shows it: its label, not its id. */
export function PickLabel(props: { kind: PickKind; id: unknown }) {
  const option = usePickLabel(props.kind, props.id);
  if (props.id === null || props.id === undefined) return null;
  return <>{option?.Label ?? String(props.id)}</>;
}

/** An employee option's avatar: the photo when there is one, else the initials. */
function PersonAvatar(props: { option: PickOption }) {
  const { photoUrl } = useServices().api;
  const { option } = props;
  return (
    <Avatar
      size="xs"
      photoUrl={photoUrl}
      person={{
        EmployeeID: Number(option.ID),
        ...splitName(option.Label),
        Name: option.Label,
        BackColor: '#0a3069',
        TextColor: '#ffffff',
        PhotoExists: Boolean(option.PhotoExists),
      }}
    />
  );
}

function OptionFace(props: { kind: PickKind; option: PickOption }) {
  const { option } = props;
  return (
    <>
      {props.kind === 'employee' && typeof option.ID === 'number' && <PersonAvatar option={option} />}
      <span className="kit-pick-label">{option.Label}</span>
      {option.Detail && <span className="kit-pick-detail">{option.Detail}</span>}
    </>
  );
}

/**
 * A picker (issue 16 item 6): the chosen record's label, and searching as you type (web/Pick, on the
 * server, once typing pauses). The ARIA combobox pattern: arrows move through the options, Enter
 * chooses, Escape closes and puts the chosen label back; an employee shows their avatar.
 */
export function Picker(props: {
  kind: PickKind;
  value: unknown;
  onChange(id: string | number | null, option: PickOption | null): void;
  id?: string;
  disabled?: boolean;
  /** The field's label, for the clear button and the list. */
  label: string;
  invalid?: boolean;
  describedBy?: string;
  plantId?: number;
}) {
  const t = useT();
  const { backgroundApi } = useServices();
  const labels = useLabels();
  const own = useId();
  const inputId = props.id ?? own;
  const listId = `${inputId}-options`;
  const chosen = usePickLabel(props.kind, props.value);
  const chosenText =
    props.value === null || props.value === undefined || props.value === ''
      ? ''
      : (chosen?.Label ?? String(props.value));
  const [text, setText] = useState<string | null>(null);
  const [options, setOptions] = useState<PickOption[] | null>(null);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const open = text !== null;
  const request = useRef(0);

  useEffect(() => {
    if (text === null) return;
    const mine = ++request.current;
    const timer = setTimeout(() => {
      backgroundApi
        .get(Pick, {
          Kind: props.kind,
          Search: text.trim() || undefined,
          ...(props.plantId === undefined ? {} : { PlantID: props.plantId }),
        })
        .then(
          (found) => {
            if (mine !== request.current) return;
            setOptions(found);
            setActive(found.length ? 0 : -1);
            setError(null);
          },
          (e: unknown) => mine === request.current && setError(e instanceof Error ? e.message : String(e)),
        );
    }, PICK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, props.kind, props.plantId, backgroundApi]);

  const close = () => {
    request.current++;
    setText(null);
    setOptions(null);
    setActive(-1);
  };
  const choose = (option: PickOption) => {
    labels.remember(props.kind, option);
    close();
    props.onChange(option.ID, option);
  };

  return (
    <div className="kit-picker">
      {props.kind === 'employee' && chosen && typeof chosen.ID === 'number' && !open && (
        <PersonAvatar option={chosen} />
      )}
      <input
        id={inputId}
        className="kit-picker-input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open && Boolean(options?.length)}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        disabled={props.disabled}
        placeholder={t('Type to search')}
        value={open ? text : chosenText}
        onFocus={(e) => e.target.select()}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => setTimeout(close, 150)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            if (open) e.preventDefault();
            close();
            return;
          }
          if (e.key === 'Enter') {
            const option = options?.[active];
            if (open && option) {
              e.preventDefault();
              choose(option);
            }
            return;
          }
          if (!open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
            e.preventDefault();
            setText('');
            return;
          }
          const next = movePick(active, options?.length ?? 0, e.key);
          if (next !== null && open) {
            e.preventDefault();
            setActive(next);
          }
        }}
      />
      {!props.disabled && chosenText && (
        <button
          type="button"
          className="kit-pick-clear"
          aria-label={t('Clear {{field}}', { field: props.label })}
          onClick={() => {
            close();
            props.onChange(null, null);
          }}
        >
          ✕
        </button>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label={props.label}
        className="kit-pick-list"
        hidden={!open || !options?.length}
      >
        {(options ?? []).map((option, i) => (
          <div
            key={String(option.ID)}
            id={`${listId}-${i}`}
            tabIndex={-1}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'kit-pick-option kit-pick-active' : 'kit-pick-option'}
            onMouseDown={(e) => {
              // Chosen before the input's blur closes the list.
              e.preventDefault();
              choose(option);
            }}
          >
            <OptionFace kind={props.kind} option={option} />
          </div>
        ))}
      </div>
      {open && options?.length === 0 && (
        <span className="muted kit-pick-none" role="status">
          {t('Nothing matches.')}
        </span>
      )}
      {error && (
        <span className="kit-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
