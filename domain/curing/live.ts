/**
 * What the curing topic carries. `curing:{LocationID}` is PUBLIC (domain/live/topics.ts): the
 * /tv/curing board runs unattended without a login. One item of the generic `boardItems` collection
 * (domain/live/board-items.ts) per location: kind `curingLocation`, key the LocationID, Data the
 * CuringLocation (every slot and its load: job, part, quantity, cure minutes, loaded at), republished
 * on every load and unload of the location.
 */
export const CURING_LOCATION_KIND = 'curingLocation';
export const curingTopic = (locationId: string) => `curing:${locationId}`;
