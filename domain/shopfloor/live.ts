/**
 * What the shop-floor topics carry. Both are PUBLIC (domain/live/topics.ts): unattended TV boards have
 * no login, so the documents hold only what a board shows.
 *
 * - `faces:{PlantID}` (collection `faces`): one FaceboardDoc per employee of the plant, id
 *   `{EmployeeID}`; republished whenever a punch, activity or team of that employee changes.
 * - `resource:{ResourceID}` (collection `resourceStatus`): one ResourceStatus document, id
 *   `{ResourceID}`; republished whenever an activity, completion or downtime of the machine changes.
 */
export const FACES = 'faces';
export const RESOURCE_STATUS = 'resourceStatus';

export const facesTopic = (plantId: number) => `faces:${plantId}`;
export const resourceTopic = (resourceId: string) => `resource:${resourceId}`;
export const faceDocId = (employeeId: number) => String(employeeId);
export const resourceDocId = (resourceId: string) => resourceId;
