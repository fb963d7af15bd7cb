/**
 * What the maintenance topics carry. All three are PUBLIC (domain/live/topics.ts): the /tv/maintenance
 * boards run unattended without a login, so each document holds only what a board shows. Every one is
 * an item of the generic `boardItems` collection (domain/live/board-items.ts):
 *
 * - `workorders:{PlantID}`: kind `workOrder`, key the WorkOrderID, Data a WorkOrder; republished on
 *   every maintenance/SaveWorkOrder (done ones too: the board shows those done today).
 * - `fixturerequests:{PlantID}`: kind `fixtureRequest`, key the FixtureRequestID, Data a
 *   FixtureRequest; a closed request (delivered, cancelled) is removed (doc null).
 * - `pmcalendar`: every plant's PM tasks (the calendar shows all plants by default), kind `pmTask`, key
 *   the PreventiveTaskID, PlantID the task's; an inactive task is removed.
 */
export const WORK_ORDER_KIND = 'workOrder';
export const FIXTURE_REQUEST_KIND = 'fixtureRequest';
export const PM_TASK_KIND = 'pmTask';

export const workOrdersTopic = (plantId: number) => `workorders:${plantId}`;
export const fixtureRequestsTopic = (plantId: number) => `fixturerequests:${plantId}`;
export const pmCalendarTopic = () => 'pmcalendar';
