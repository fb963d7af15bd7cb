import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { plants } from '../../../../domain/platform/plants';
import { GetFacePhoto } from '../../../../domain/shopfloor/calls';
import type { FaceboardDoc } from '../../../../domain/shopfloor/entities';
import { facesTopic } from '../../../../domain/shopfloor/live';
import { useT } from '../../../i18n';
import { useTvTopic } from '../feed';
import { TvBoard, useNow } from '../TvBoard';
import {
  type BoardFace,
  colourOf,
  countFaces,
  initialsOf,
  isLongIdle,
  orderFaces,
  sinceText,
} from './faceboard';
import './faceboard.css';

/** The faceboard remembers its plant on this TV, so `/tv/faceboard` alone opens the same plant. */
const PLANT_KEY = 'sw.tv.faceboardPlant';

function rememberedPlant(): number | null {
  try {
    // Plant 0 exists: an empty value must not read as Number('') = 0.
    const raw = localStorage.getItem(PLANT_KEY);
    return raw !== null && plants.some((p) => String(p.PlantID) === raw) ? Number(raw) : null;
  } catch {
    return null;
  }
}

/** The plant of `?plant=N` (remembered for next time), else the one this TV showed last. */
function usePlant(): [number | null, (plantId: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('plant');
  const asked = raw !== null && plants.some((p) => String(p.PlantID) === raw) ? Number(raw) : null;
  const plantId = asked ?? rememberedPlant();
  if (asked !== null) {
    try {
      localStorage.setItem(PLANT_KEY, String(asked));
    } catch {
      // A TV without storage asks again after a reload; the board still works.
    }
  }
  return [plantId, (id) => setParams({ plant: String(id) }, { replace: true })];
}

function Photo({ face }: { face: FaceboardDoc }) {
  if (face.PhotoFile) {
    return (
      <img
        className="fb-photo"
        src={`/api/${GetFacePhoto.path}?${new URLSearchParams({ photo: face.PhotoFile })}`}
        alt=""
        width={112}
        height={112}
      />
    );
  }
  return (
    <span
      className="fb-photo fb-initials"
      style={{ background: colourOf(face.EmployeeID) }}
      aria-hidden="true"
    >
      {initialsOf(face.Name)}
    </span>
  );
}

function FaceCard({ row, now }: { row: BoardFace; now: number }) {
  const t = useT();
  const { face, state } = row;
  const long = isLongIdle(row, now);
  return (
    <li
      className={`fb-card fb-${state}${long ? ' fb-long' : ''}`}
      data-testid="fb-card"
      data-employee={face.EmployeeID}
      data-state={state}
    >
      <Photo face={face} />
      <div className="fb-text">
        <div className="fb-name">{face.Name}</div>
        {state === 'direct' ? (
          <div className="fb-what" data-testid="fb-what">
            <strong>{face.Machine ?? t('No machine')}</strong>
            {face.WONumber ? ` · ${face.WONumber}` : ''}
            {face.Operation !== null ? ` · ${t('Op {{n}}', { n: face.Operation })}` : ''}
          </div>
        ) : state === 'indirect' ? (
          <div className="fb-what" data-testid="fb-what">
            {face.Indirect ? t(face.Indirect) : null}
          </div>
        ) : (
          <div className="fb-what" data-testid="fb-what">
            {t('Idle')}
          </div>
        )}
        <div className="fb-since">{sinceText(row.since, now)}</div>
        {face.TeamMembers.length > 0 ? (
          <div className="fb-team">
            {t('Team: {{names}}', { names: face.TeamMembers.map((m) => m.Name).join(', ') })}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function Faces({ plantId }: { plantId: number }) {
  const t = useT();
  // Minutes on the cards: a render every 15 s is plenty and keeps a week-long TV calm.
  const now = useNow(15_000);
  const { docs, loading } = useTvTopic(facesTopic(plantId), 'faces', { PlantID: plantId });
  const rows = useMemo(() => orderFaces(docs as unknown as FaceboardDoc[]), [docs]);
  const counts = countFaces(rows);
  const inside = rows.filter((r) => r.state !== 'out');
  const out = rows.filter((r) => r.state === 'out');
  // Many people on one screen: smaller cards rather than a board that scrolls where nobody can scroll.
  const density =
    inside.length > 25 ? 'fb-dense' : inside.length > 16 ? 'fb-compact' : inside.length > 9 ? 'fb-roomy' : '';
  return (
    <div className="fb" data-testid="faceboard">
      <ul className="fb-counts" aria-label={t('Counts')}>
        <li data-testid="fb-count-in">
          <span className="fb-count">{counts.clockedIn}</span> {t('Clocked in')}
        </li>
        <li className="fb-direct" data-testid="fb-count-direct">
          <span className="fb-count">{counts.direct}</span> {t('On a machine')}
        </li>
        <li className="fb-indirect" data-testid="fb-count-indirect">
          <span className="fb-count">{counts.indirect}</span> {t('Indirect')}
        </li>
        <li className="fb-idle" data-testid="fb-count-idle">
          <span className="fb-count">{counts.idle}</span> {t('Idle')}
        </li>
      </ul>
      {loading ? (
        <p className="tv-muted">{t('Loading…')}</p>
      ) : inside.length === 0 ? (
        <p className="fb-empty">{t('Nobody is clocked in.')}</p>
      ) : (
        <ul className={`fb-grid ${density}`} aria-label={t('Clocked in')}>
          {inside.map((row) => (
            <FaceCard key={row.face.EmployeeID} row={row} now={now} />
          ))}
        </ul>
      )}
      {out.length > 0 ? (
        <p className="fb-out" data-testid="fb-out">
          <span className="fb-out-label">{t('Clocked out today')}:</span>{' '}
          {out.map((r) => (
            <span key={r.face.EmployeeID} className="fb-out-name" data-employee={r.face.EmployeeID}>
              {r.face.Name}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

function PlantChoice({ choose }: { choose(plantId: number): void }) {
  const t = useT();
  return (
    <section className="tv-panel fb-choose">
      <h2>{t('Which plant does this TV show?')}</h2>
      <div className="fb-plants">
        {plants.map((p) => (
          <button key={p.PlantID} type="button" className="tv-button" onClick={() => choose(p.PlantID)}>
            {p.PlantName}
          </button>
        ))}
      </div>
    </section>
  );
}

/**
 * /tv/faceboard?plant=N: who is clocked in at the plant and on what, live from `faces:{PlantID}` with
 * no login. The plant is remembered on the TV; without one the board asks once.
 */
export function FaceboardPage() {
  const [plantId, choose] = usePlant();
  return (
    <TvBoard name="Faceboard" plantId={plantId}>
      {plantId === null ? <PlantChoice choose={choose} /> : <Faces plantId={plantId} />}
    </TvBoard>
  );
}
