import type { Access } from '../contract/call';

/**
 * What the hub's topic rules need of each kit document type (domain/live/topics.ts): its topic name,
 * whether it is per plant, and who may read it. Kept apart from the declarations on purpose: the topic
 * rules are in the first JavaScript every page loads (the login page's budget), the declarations with
 * their schemas are not. documents.test.ts checks this list against `documentTypes`.
 */
export interface DocumentTopicType {
  type: string;
  nounPlural: string;
  plantScoped: boolean;
  read: Access;
}

export const documentTopicTypes: readonly DocumentTopicType[] = [
  {
    type: 'device',
    nounPlural: 'devices',
    plantScoped: true,
    read: { anyOf: ['informationTechnology', 'mesAdministrator', 'superAdministrator'] },
  },
  {
    type: 'employee',
    nounPlural: 'employees',
    plantScoped: true,
    read: { anyOf: ['employeeAdministrator', 'superAdministrator'] },
  },
  {
    type: 'reportingLine',
    nounPlural: 'reporting lines',
    plantScoped: true,
    read: { anyOf: ['editSupervisors', 'employeeAdministrator', 'superAdministrator'] },
  },
  {
    type: 'office',
    nounPlural: 'offices',
    plantScoped: true,
    read: { anyOf: ['employeeAdministrator', 'superAdministrator'] },
  },
  {
    type: 'loginMessage',
    nounPlural: 'login messages',
    plantScoped: false,
    read: { anyOf: ['editSystemConfig', 'superAdministrator'] },
  },
  {
    type: 'tvAlert',
    nounPlural: 'TV alerts',
    plantScoped: true,
    read: { anyOf: ['editSystemConfig', 'superAdministrator'] },
  },
  {
    type: 'newsItem',
    nounPlural: 'news items',
    plantScoped: false,
    read: { anyOf: ['documentAdministrator', 'superAdministrator'] },
  },
  {
    type: 'inventoryAlert',
    nounPlural: 'inventory alerts',
    plantScoped: true,
    read: { anyOf: ['editSystemConfig', 'superAdministrator'] },
  },
  {
    type: 'labelPrinter',
    nounPlural: 'label printers',
    plantScoped: true,
    read: { anyOf: ['informationTechnology', 'mesAdministrator', 'superAdministrator'] },
  },
  {
    type: 'plc',
    nounPlural: 'PLCs',
    plantScoped: true,
    read: { anyOf: ['informationTechnology', 'mesAdministrator', 'superAdministrator'] },
  },
  {
    type: 'kpiThreshold',
    nounPlural: 'thresholds',
    plantScoped: true,
    read: { anyOf: ['editSystemConfig', 'mesAdministrator', 'superAdministrator'] },
  },
];
