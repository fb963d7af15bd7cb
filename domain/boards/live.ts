/**
 * The scoreboard and KPI topics. Both PUBLIC (domain/live/topics.ts): TV boards have no login. Each
 * carries one boardItems item (domain/live/board-items.ts):
 *
 * - `bay:{BayNumber}`: kind `bay`, key the bay number, Data the BayBoard;
 * - `kpi:{PlantID}`: kind `kpi`, key the plant id, Data the KpiBoard.
 *
 * Both are republished in the transaction of every completion, activity, downtime and clock punch
 * that touches one of their machines or people (server/areas/boards).
 */
export const BAY_KIND = 'bay';
export const KPI_KIND = 'kpi';
export const bayTopic = (bayNumber: number) => `bay:${bayNumber}`;
export const kpiTopic = (plantId: number) => `kpi:${plantId}`;
