export { HUB_PATH, Hub } from './hub';
export { originPolicy } from './origins';
export type { HubAppOptions, HubConnectionInfo, HubOptions, HubTuning, TransportName } from './types';
