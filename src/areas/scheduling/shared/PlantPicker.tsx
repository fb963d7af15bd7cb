import { PlantPicker as AppPlantPicker } from '../../../app/PlantPicker';
import './pickers.css';

/** The plant whose schedules a scheduling screen shows (default the user's plant, see usePlant). */
export function PlantPicker(props: { value: number; onChange(plantId: number): void }) {
  return <AppPlantPicker {...props} className="sched-picker" />;
}
