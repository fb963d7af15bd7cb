/**
 * What the painting topic carries. PUBLIC (domain/live/topics.ts): the /tv/painting boards have no
 * login. `painting:{ResourceID}` (collection `boardItems`, domain/live/board-items.ts): one item of
 * kind `paintLine`, key the ResourceID, its Data the PaintLine; republished on every reading, load and
 * completion of the line.
 */
export const PAINT_LINE_KIND = 'paintLine';
export const paintingTopic = (resourceId: string) => `painting:${resourceId}`;
