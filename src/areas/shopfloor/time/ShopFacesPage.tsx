import { FacesBoard } from '../../timeclock/FacesBoard';
import '../shopfloor.css';

/** /manufacturing/faces: the plant's faces, live, on a tablet (big cards; supervisors clock people in and out). */
export function ShopFacesPage() {
  return <FacesBoard tablet />;
}
