import { useState } from 'react';
import { plantTimeZone } from '../../../../domain/platform/plants';
import { useUser } from '../../../app/context';

/** The plant a scheduling screen shows, starting on the user's plant, and that plant's time zone. */
export function usePlant(): { plantId: number; setPlantId(id: number): void; tz: string } {
  const user = useUser();
  const [plantId, setPlantId] = useState(user?.PlantID ?? 1);
  return { plantId, setPlantId, tz: plantTimeZone(plantId) };
}
