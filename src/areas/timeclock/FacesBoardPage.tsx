import { FacesBoard } from './FacesBoard';

/** /boards/faces: the plant's faces, live, on a desktop (supervisors clock people in and out). */
export function FacesBoardPage() {
  return <FacesBoard tablet={false} />;
}
