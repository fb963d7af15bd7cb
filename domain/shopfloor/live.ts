/**
 * What the shop-floor topics carry. Both are PUBLIC (domain/live/topics.ts): unattended TV boards have
 * no login, so the documents hold only what a board shows.
 *
 * - `faces:{PlantID}` (collection `faces`): one FaceboardDoc per employee of the plant, id
 *   `{EmployeeID}`; republished whenever a punch, activity or team of that employee changes.
 * - `resource:{ResourceID}` (collection `boardItems`, domain/live/board-items.ts): one item of kind
 *   `resource`, id `resource:{ResourceID}`, its Data the ResourceStatus; republished whenever an
 *   activity, completion or downtime of the machine changes.
 */
export const FACES = 'faces';
/** The boardItems kind of a machine's production-monitor status. */
export const RESOURCE_KIND = 'resource';

export const facesTopic = (plantId: number) => `faces:${plantId}`;
export const resourceTopic = (resourceId: string) => `resource:${resourceId}`;
export const faceDocId = (employeeId: number) => String(employeeId);
