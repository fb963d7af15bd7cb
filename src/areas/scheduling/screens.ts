/** The scheduling area's screens, one lazily loaded chunk. */
export { PlantSchedulePage } from './plant/PlantSchedulePage';
