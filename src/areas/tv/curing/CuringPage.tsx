import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { CuringLocation, CuringSlot } from '../../../../domain/curing/entities';
import { CURING_LOCATION_KIND, curingTopic } from '../../../../domain/curing/live';
import { cureState, formatCountdown } from '../../../../domain/curing/rules';
import { plantTimeZone } from '../../../../domain/platform/plants';
import { useT } from '../../../i18n';
import { useTvTopic } from '../feed';
import { TvBoard, useNow } from '../TvBoard';
import './curing.css';
import { formatTime } from '../../../ui/format';

/** A location id as the topic names it (capitals), or null when the parameter cannot be one. */
export function locationParam(value: string | undefined): string | null {
  return value && /^[A-Za-z0-9_-]{1,20}$/.test(value) ? value.toUpperCase() : null;
}

function SlotCard({ slot, plantId, now }: { slot: CuringSlot; plantId: number; now: number }) {
  const t = useT();
  const load = slot.Load;
  if (!load) {
    return (
      <li className="tvc-slot tvc-empty" data-testid="curing-slot" data-slot={slot.SlotID} data-state="empty">
        <div className="tvc-slot-id">{slot.SlotID}</div>
        <div className="tvc-empty-text">{t('Empty')}</div>
      </li>
    );
  }
  const s = cureState(load, now);
  const tz = plantTimeZone(plantId);
  return (
    <li
      className={`tvc-slot ${s.ready ? 'tvc-ready' : 'tvc-curing'}`}
      data-testid="curing-slot"
      data-slot={slot.SlotID}
      data-state={s.ready ? 'ready' : 'curing'}
    >
      <div className="tvc-slot-top">
        <span className="tvc-slot-id">{slot.SlotID}</span>
        <span className="tvc-job">{load.JobNumber}</span>
      </div>
      <div className="tvc-part">
        {load.PartNum ?? '—'} <span className="tvc-qty">× {load.Quantity}</span>
      </div>
      <div className="tvc-times">
        {t('In {{time}} · cure {{minutes}} min', {
          time: formatTime(load.LoadedAt, tz),
          minutes: load.CureMinutes,
        })}
      </div>
      <div className="tvc-countdown" data-testid="curing-countdown">
        {s.ready ? t('READY') : formatCountdown(s.remainingMs)}
      </div>
      <div className="tvc-bar" aria-hidden="true">
        <div className="tvc-bar-fill" style={{ width: `${Math.round(s.progress * 100)}%` }} />
      </div>
      <div className="tvc-ready-at">
        {s.ready
          ? t('Ready since {{time}}', { time: formatTime(s.readyAt, tz) })
          : t('Ready at {{time}}', { time: formatTime(s.readyAt, tz) })}
      </div>
    </li>
  );
}

function CuringBody({ locationId, onPlant }: { locationId: string | null; onPlant(id: number): void }) {
  const t = useT();
  const now = useNow();
  const { docs, loading, synced } = useTvTopic(
    locationId === null ? null : curingTopic(locationId),
    'boardItems',
    {
      Kind: CURING_LOCATION_KIND,
      Key: locationId ?? '',
    },
  );
  const location = (docs[0]?.Data ?? null) as CuringLocation | null;
  const plantId = location?.PlantID ?? null;
  useEffect(() => {
    if (plantId !== null) onPlant(plantId);
  }, [plantId, onPlant]);
  if (locationId === null)
    return <p className="tvc-message">{t('A location is 1 to 20 letters, digits, - or _.')}</p>;
  if (!location) {
    return (
      <p className="tvc-message">
        {loading || !synced ? '…' : t('No curing location {{id}}.', { id: locationId })}
      </p>
    );
  }
  const loads = location.Slots.filter((s) => s.Load);
  const ready = loads.filter((s) => s.Load && cureState(s.Load, now).ready).length;
  return (
    <div className="tvc-board">
      <div className="tvc-summary">
        <span className="tvc-location">
          <span className="tvc-location-id">{location.LocationID}</span> {location.Description}
        </span>
        <span className="tvc-stat">
          <span className="tvc-stat-n" data-testid="curing-loaded">
            {loads.length}
          </span>{' '}
          {t('curing of {{slots}} slots', { slots: location.Slots.length })}
        </span>
        <span className={`tvc-stat ${ready ? 'tvc-stat-ready' : ''}`}>
          <span className="tvc-stat-n" data-testid="curing-ready">
            {ready}
          </span>{' '}
          {t('ready to unload')}
        </span>
      </div>
      <ul className="tvc-slots">
        {location.Slots.map((slot) => (
          <SlotCard key={slot.SlotID} slot={slot} plantId={location.PlantID} now={now} />
        ))}
      </ul>
    </div>
  );
}

/** `/tv/curing/:locationId`: a curing location's slots with live countdowns to ready (README beside). */
export function TvCuringPage() {
  const locationId = locationParam(useParams().locationId);
  const [plantId, setPlantId] = useState<number | null>(null);
  return (
    <TvBoard name="Curing" plantId={plantId}>
      <CuringBody locationId={locationId} onPlant={setPlantId} />
    </TvBoard>
  );
}
